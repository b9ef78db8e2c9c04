import { isTier } from '@app/common';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { useProfile } from '../../../features/profile/api/get-profile';
import { usePointsConversion } from '../../../features/settings/api/get-points-conversion';
import { ShopBanner } from '../../../features/shop/components/shop-banner';

// "/user/shop" - spec §2 Shop. The banner with the customer's earning rate so far; the item grid is not built yet.
export default function ShopRoute() {
  const profile = useProfile();
  const rates = usePointsConversion();
  const tier = profile.data && isTier(profile.data.tier) ? profile.data.tier : undefined;
  const rate = tier && rates.data ? rates.data.tierPointsConversion[tier] : undefined;
  return (
    <ComingSoon title="Shop">
      <ShopBanner rate={rate} />
    </ComingSoon>
  );
}
