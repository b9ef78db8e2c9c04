import { ComingSoon } from '../../../components/ui/coming-soon';

// "/admin-orders" and "/superadmin-orders" - spec §2 Admin orders; superadmins do everything an admin does (§1),
// so one screen serves both paths. Not built yet: the screen says so rather than showing invented data.
export default function StaffOrdersRoute() {
  return <ComingSoon title="Orders" />;
}
