import { formatPoints } from '@app/common';
import { Stack, Text, Title } from '@mantine/core';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { BillingHistory } from '../../../features/bills/components/billing-history';
import { PointsHistory } from '../../../features/ledger/components/points-history';
import { OwnOrders } from '../../../features/orders/components/own-orders';
import { useProfile } from '../../../features/profile/api/get-profile';

// "/user/profile" - spec §2 Profile: greeting with party name, username and points, the orders in collapsible
// Pending, Completed and Cancelled sections and the billing history, both newest first, and the points
// history (the ledger).
export default function ProfileRoute() {
  const profile = useProfile();

  let summary;
  if (profile.isPending) summary = <PageLoader />;
  else if (profile.isError)
    summary = (
      <LoadError
        title="Your profile could not be loaded"
        error={profile.error}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  else
    summary = (
      <Stack gap={4}>
        <Title order={1}>Hello, {profile.data.partyName}</Title>
        <Text c="dimmed">{profile.data.username}</Text>
        <Text>
          Your points: <strong>{formatPoints(profile.data.availablePoints)}</strong>
        </Text>
      </Stack>
    );

  return (
    <Stack gap="xl">
      {profile.isSuccess ? summary : <Title order={1}>Profile</Title>}
      {!profile.isSuccess && summary}
      <Stack gap="sm">
        <Title order={2} size="h3">
          Orders
        </Title>
        <OwnOrders />
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Billing history
        </Title>
        <BillingHistory />
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Points history
        </Title>
        <PointsHistory />
      </Stack>
    </Stack>
  );
}
