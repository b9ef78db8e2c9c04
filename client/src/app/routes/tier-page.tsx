import { currentQuarter, fromHundredths, isTier, toHundredths } from '@app/common';
import type { QueryClient } from '@tanstack/react-query';
import { HeadedScreen } from '../../components/layout/headed-screen';
import { LoadError } from '../../components/ui/load-error';
import { PageLoader } from '../../components/ui/page-loader';
import { ownBillsQueryOptions, useOwnBills } from '../../features/bills/api/get-own-bills';
import { useProfile } from '../../features/profile/api/get-profile';
import { pointsConversionQueryOptions, usePointsConversion } from '../../features/settings/api/get-points-conversion';
import {
  tierBillingRequirementsQueryOptions,
  useTierBillingRequirements,
} from '../../features/settings/api/save-system-settings';
import { TierOutlook } from '../../features/tiers/components/tier-outlook';
import { useT } from '../../lib/i18n/use-t';

/**
 * The screen's first data (the profile comes with the frame's): fetched with its code, and asked for by the page
 * itself for a returning customer (app/first-screens.ts), so the outlook is drawn with the screen (decision 047).
 * @public read by the router from the lazily imported module (router.tsx ScreenModule), not imported.
 */
export const loadFirstData = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.prefetchQuery(ownBillsQueryOptions()),
    queryClient.prefetchQuery(pointsConversionQueryOptions()),
    queryClient.prefetchQuery(tierBillingRequirementsQueryOptions()),
  ]);

// "/tier-page" - spec §2 Tier page: the customer's tier now and next quarter, from their own bills in the
// running quarter (Asia/Kolkata) and the tier settings.
export default function TierPageRoute() {
  const t = useT();
  const profile = useProfile();
  const bills = useOwnBills();
  const rates = usePointsConversion();
  const requirements = useTierBillingRequirements();
  const queries = [profile, bills, rates, requirements];

  let body;
  const failed = queries.find((query) => query.isError);
  if (failed) {
    body = (
      <LoadError
        title={t('tierPage.loadError')}
        error={failed.error}
        onRetry={() => queries.forEach((query) => void query.refetch())}
        retrying={queries.some((query) => query.isFetching)}
      />
    );
  } else if (!profile.data || !bills.data || !rates.data || !requirements.data) {
    body = <PageLoader />;
  } else {
    const quarter = currentQuarter(new Date());
    const billedPaise = bills.data
      .filter((bill) => bill.billDate >= quarter.from && bill.billDate <= quarter.to)
      .reduce((sum, bill) => sum + toHundredths(bill.billAmount), 0);
    body = (
      <TierOutlook
        currentTier={isTier(profile.data.tier) ? profile.data.tier : 'NoTier'}
        billing={fromHundredths(billedPaise)}
        quarter={quarter}
        requirements={requirements.data.tierBillingRequirements}
        rates={rates.data.tierPointsConversion}
      />
    );
  }

  return <HeadedScreen heading={t('tierPage.title')}>{body}</HeadedScreen>;
}
