import { ComingSoon } from '../../../components/ui/coming-soon';
import { ShopBanner } from '../../../features/shop/components/shop-banner';

// "/user/shop" - spec §2 Shop. Only the banner (spec §1) so far; the item grid is not built yet.
export default function ShopRoute() {
  return (
    <ComingSoon title="Shop">
      <ShopBanner />
    </ComingSoon>
  );
}
