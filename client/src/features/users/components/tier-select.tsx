import { TIERS, tierLabel, type User } from '@app/common';
import { Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { serverMessage } from '../../../lib/api-client';
import { useChangeTier } from '../api/change-tier';

const TIER_OPTIONS = TIERS.map((tier) => ({ value: tier, label: tierLabel(tier) }));

type TierSelectProps = {
  user: User;
  /** Why the tier cannot be changed here (one's own row), or undefined when it can. */
  disabledReason?: string;
};

/** Spec §2 Superadmin dashboard: "The tier is a dropdown"; choosing a tier changes it at once (spec §4 Tier). */
export function TierSelect({ user, disabledReason }: TierSelectProps) {
  const changeTier = useChangeTier({
    mutationConfig: {
      onSuccess: (updated) =>
        notifications.show({
          color: 'green',
          message: `${updated.username} is now ${tierLabel(updated.tier)}`,
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: `The tier of ${user.username} was not changed`,
          message: serverMessage(error) ?? 'Please check your connection and try again.',
        }),
    },
  });
  // While the change is on its way the dropdown shows the chosen tier, not the old one.
  const value = changeTier.isPending ? changeTier.variables.newTier : user.tier;

  return (
    <Select
      aria-label={`Tier for ${user.username}`}
      title={disabledReason}
      data={TIER_OPTIONS}
      value={value}
      allowDeselect={false}
      disabled={disabledReason !== undefined || changeTier.isPending}
      size="xs"
      w={130}
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => {
        if (next && next !== user.tier) changeTier.mutate({ userId: user._id, newTier: next });
      }}
    />
  );
}
