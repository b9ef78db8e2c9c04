import { currentQuarter, fromHundredths, isTier, toHundredths } from '@app/common';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { PageLoader } from '../../components/ui/page-loader';
import { useOwnBills } from '../../features/bills/api/get-own-bills';
import { useProfile } from '../../features/profile/api/get-profile';
import { usePointsConversion } from '../../features/settings/api/get-points-conversion';
import { useTierBillingRequirements } from '../../features/settings/api/save-system-settings';
import { TierOutlook } from '../../features/tiers/components/tier-outlook';

// "/tier-page" - spec §2 Tier page: the customer's tier now and next quarter, from their own bills in the
// running quarter (Asia/Kolkata) and the tier settings.
export default function TierPageRoute() {
  const profile = useProfile();
  const bills = useOwnBills();
  const rates = usePointsConversion();
  const requirements = useTierBillingRequirements();
  const queries = [profile, bills, rates, requirements];

  let body;
  if (queries.some((query) => query.isError)) {
    body = (
      <Alert color="red" variant="light" role="alert" title="Your tier could not be loaded">
        <Button size="xs" variant="default" onClick={() => queries.forEach((query) => void query.refetch())}>
          Try again
        </Button>
      </Alert>
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

  return (
    <Stack gap="lg">
      <Title order={1}>Tier</Title>
      {body}
    </Stack>
  );
}
