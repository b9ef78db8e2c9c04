import { formatPoints } from '@app/common';
import { Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { OwnOrders } from '../../../features/orders/components/own-orders';
import { useProfile } from '../../../features/profile/api/get-profile';
import { SoonestExpiry } from '../../../features/profile/components/soonest-expiry';
import { useT } from '../../../lib/i18n/use-t';

// Below the greeting and the orders, the bills and points tables (Mantine's Table brings its scroll area and
// floating-ui, 17 KB gzip) and the email form (the form library) arrive after the screen's own code: the
// greeting paints sooner and the profile stays within a customer screen's 170 KB budget
// (client/build/route-budgets.ts). Their downloads start as soon as this module runs, beside its data.
const billingHistory = import('../../../features/bills/components/billing-history');
const pointsHistory = import('../../../features/ledger/components/points-history');
const BillingHistory = lazy(() => billingHistory.then((module) => ({ default: module.BillingHistory })));
const PointsHistory = lazy(() => pointsHistory.then((module) => ({ default: module.PointsHistory })));
const EmailForm = lazy(() =>
  import('../../../features/profile/components/email-form').then((module) => ({ default: module.EmailForm })),
);

// "/user/profile" - spec §2 Profile: greeting with party name, username and points, the orders in collapsible
// Pending, Completed and Cancelled sections and the billing history, both newest first, and the points
// history (the ledger); beyond the spec, the email notifications are also sent to.
export default function ProfileRoute() {
  const t = useT();
  const profile = useProfile();

  let summary;
  if (profile.isPending) summary = <PageLoader />;
  else if (profile.isError)
    summary = (
      <LoadError
        title={t('profile.loadError')}
        error={profile.error}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  else
    summary = (
      <Stack gap={4}>
        <Title order={1}>{t('profile.hello', { name: profile.data.partyName })}</Title>
        <Text c="dimmed">{profile.data.username}</Text>
        <Text>
          {t('profile.yourPoints')} <strong>{formatPoints(profile.data.availablePoints)}</strong>
        </Text>
        <SoonestExpiry />
      </Stack>
    );

  return (
    <Stack gap="xl">
      {profile.isSuccess ? summary : <Title order={1}>{t('profile.title')}</Title>}
      {!profile.isSuccess && summary}
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('profile.orders')}
        </Title>
        <OwnOrders />
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('profile.billingHistory')}
        </Title>
        <Suspense fallback={<PageLoader />}>
          <BillingHistory />
        </Suspense>
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('profile.pointsHistory')}
        </Title>
        <Suspense fallback={<PageLoader />}>
          <PointsHistory />
        </Suspense>
      </Stack>
      {/* Starts from the stored email; after a save it shows the address as the server kept it. */}
      {profile.isSuccess && (
        <Suspense fallback={null}>
          <EmailForm email={profile.data.email ?? null} />
        </Suspense>
      )}
    </Stack>
  );
}
