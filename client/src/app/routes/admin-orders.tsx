import { ComingSoon } from '../../components/ui/coming-soon';

// "/admin-orders" - spec §2 Admin orders. Not built yet: the screen says so rather than showing invented data.
export default function AdminOrdersRoute() {
  return <ComingSoon title="Orders" />;
}
