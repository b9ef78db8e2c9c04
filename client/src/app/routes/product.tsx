import { ComingSoon } from '../../components/ui/coming-soon';

// "/product/:id" - spec §2 Product page. Not built yet: the screen says so rather than showing invented data.
export default function ProductRoute() {
  return <ComingSoon title="Product" />;
}
