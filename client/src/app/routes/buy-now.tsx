import { ComingSoon } from '../../components/ui/coming-soon';

// "/buy-now" - spec §2 Buy-now. Not built yet: the screen says so rather than showing invented data.
export default function BuyNowRoute() {
  return <ComingSoon title="Buy Now" />;
}
