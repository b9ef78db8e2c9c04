import { ComingSoon } from '../../../components/ui/coming-soon';

// "/user/cart" - spec §2 Cart. Not built yet: the screen says so rather than showing invented data.
export default function CartRoute() {
  return <ComingSoon title="Cart" />;
}
