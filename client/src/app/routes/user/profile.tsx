import { formatPoints } from '@app/common';
import { Stack, Text, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { POINTS_HISTORY_SECTION_ID } from '../../../config/paths';
import { ownBillsQueryOptions } from '../../../features/bills/api/get-own-bills';
import { BillingHistory } from '../../../features/bills/components/billing-history';
import { ownLedgerQueryOptions } from '../../../features/ledger/api/get-own-ledger';
import { PointsHistory } from '../../../features/ledger/components/points-history';
import { ownOrdersQueryOptions } from '../../../features/orders/api/get-own-orders';
import { OwnOrders } from '../../../features/orders/components/own-orders';
import { usePoints } from '../../../features/profile/api/get-points';
import { useProfile } from '../../../features/profile/api/get-profile';
import { SoonestExpiry } from '../../../features/profile/components/soonest-expiry';
import { useT } from '../../../lib/i18n/use-t';
import { useSession } from '../../../lib/session';

// The points and bills lists are the screen's own code (plain tables, a few KB since decision 046: a chunk of their
// own cost a phone one more round trip before the screen could draw); the email form (the form library) arrives
// after it, below everything else, and keeps the profile within a customer screen's 170 KB budget
// (client/build/route-budgets.ts).
const EmailForm = lazy(() =>
  import('../../../features/profile/components/email-form').then((module) => ({ default: module.EmailForm })),
);

/**
 * The screen's first data, fetched before the profile is drawn (router.tsx, main.tsx): the
 * points history, now right below the greeting, would otherwise push the orders and the bills down a phone's
 * screen when its rows arrive, as the orders would push the bills (the greeting's profile and points come with the
 * frame's own first data, signed-in-layout.tsx). The history's first page, as PointsHistory asks for it
 * (useOwnLedger).
 * @public read by the router from the lazily imported module (router.tsx ScreenModule), not imported.
 */
export const loadFirstData = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.prefetchQuery(ownLedgerQueryOptions(1)),
    queryClient.prefetchQuery(ownOrdersQueryOptions()),
    queryClient.prefetchQuery(ownBillsQueryOptions()),
  ]);

/**
 * Opens the screen on the section the address names (`/user/profile#points-history`: the header's points and the
 * shop's expiry line lead there), once what stands above it is drawn (`ready`): scrolled to, and focused for a
 * screen reader. Once per navigation, so a second press on the header's points while here scrolls there again.
 * The router leaves such an address where the screen puts it (router.tsx useNewScreenAtTop).
 */
function useOpenOnSection(ready: boolean) {
  const { hash, key } = useLocation();
  const openedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!ready || !hash || openedFor.current === key) return;
    const section = document.getElementById(hash.slice(1));
    if (!section) return;
    openedFor.current = key;
    section.scrollIntoView({ block: 'start' });
    section.focus({ preventScroll: true });
  }, [ready, hash, key]);
}

// "/user/profile" - spec §2 Profile: greeting with party name, username and points, the orders in collapsible
// Pending, Completed and Cancelled sections and the billing history, both newest first, and the points
// history (the ledger); beyond the spec, the email notifications are also sent to. On a phone the points history
// comes first after the greeting (contract "Every screen on a phone": the header's points open it).
export default function ProfileRoute() {
  const t = useT();
  const profile = useProfile();
  const points = usePoints();
  // The greeting and the expiry line above the points history have their heights once both answers are in.
  useOpenOnSection(!profile.isPending && !points.isPending);

  // The greeting names the user from the session until the profile answers (the page drew it so: decision 047).
  const session = useSession();
  const name = profile.data?.partyName ?? session?.partyName ?? '';

  let details;
  if (profile.isPending) details = <PageLoader />;
  else if (profile.isError)
    details = (
      <LoadError
        title={t('profile.loadError')}
        error={profile.error}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  else
    details = (
      <>
        <Text c="dimmed">{profile.data.username}</Text>
        <Text>
          {t('profile.yourPoints')} <strong>{formatPoints(profile.data.availablePoints)}</strong>
        </Text>
        <SoonestExpiry />
      </>
    );

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{t('profile.hello', { name })}</Title>
        {details}
      </Stack>
      {/* Below the sticky header when scrolled to (useOpenOnSection); focusable from there without a ring. */}
      <Stack
        gap="sm"
        id={POINTS_HISTORY_SECTION_ID}
        tabIndex={-1}
        style={{ scrollMarginTop: 'calc(var(--header-height, 60px) + var(--mantine-spacing-md))', outline: 'none' }}
      >
        <Title order={2} size="h3">
          {t('profile.pointsHistory')}
        </Title>
        <PointsHistory />
      </Stack>
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
        <BillingHistory />
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
