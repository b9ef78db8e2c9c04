import { ComingSoon } from '../../components/ui/coming-soon';

// "/superadmin-orders" - spec §2 Admin orders, for superadmins. Not built yet: the screen says so rather than showing invented data.
export default function SuperadminOrdersRoute() {
  return <ComingSoon title="Orders" />;
}
