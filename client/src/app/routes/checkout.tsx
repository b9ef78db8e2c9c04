import { ComingSoon } from '../../components/ui/coming-soon';

// "/checkout" - spec §2 Checkout. Not built yet: the screen says so rather than showing invented data.
export default function CheckoutRoute() {
  return <ComingSoon title="Checkout" />;
}
