import { TIERS, type User } from '@app/common';
import { notifications } from '@mantine/notifications';
import { rowControlClasses } from '../../../components/ui/row-controls';
import { serverMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import { useChangeTier } from '../api/change-tier';

type TierSelectProps = {
  user: User;
  /** Why the tier cannot be changed here (one's own row), or undefined when it can. */
  disabledReason?: string;
};

/**
 * Spec §2 Superadmin dashboard: "The tier is a dropdown"; choosing a tier changes it at once (spec §4 Tier).
 * The browser's own dropdown: a phone shows its native picker, and twenty rows of a Mantine Select (each a
 * combobox with its store, floating layer and effects) were most of the superadmin dashboard's first render
 * (decision 031); it is a plain `<select>`, not Mantine's NativeSelect, for the same reason (row-controls.tsx).
 */
export function TierSelect({ user, disabledReason }: TierSelectProps) {
  const t = useT();
  const changeTier = useChangeTier({
    mutationConfig: {
      onSuccess: (updated) =>
        notifications.show({
          color: 'green',
          message: t('tierSelect.changed', { username: updated.username, tier: t(`tier.${updated.tier}`) }),
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t('tierSelect.notChanged', { username: user.username }),
          message: serverMessage(error) ?? t('tierSelect.checkConnection'),
        }),
    },
  });
  // While the change is on its way the dropdown shows the chosen tier, not the old one.
  const value = changeTier.isPending ? changeTier.variables.newTier : user.tier;

  return (
    <select
      className={rowControlClasses.select}
      aria-label={t('tierSelect.label', { username: user.username })}
      title={disabledReason}
      value={value}
      disabled={disabledReason !== undefined || changeTier.isPending}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (next !== user.tier) changeTier.mutate({ userId: user._id, newTier: next as User['tier'] });
      }}
    >
      {TIERS.map((tier) => (
        <option key={tier} value={tier}>
          {t(`tier.${tier}`)}
        </option>
      ))}
    </select>
  );
}
