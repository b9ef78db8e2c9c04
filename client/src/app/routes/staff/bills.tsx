import { ComingSoon } from '../../../components/ui/coming-soon';

// "/admin-bills" and "/superadmin-bills" - spec §2 Admin bills; superadmins do everything an admin does (§1),
// so one screen serves both paths. Not built yet: the screen says so rather than showing invented data.
export default function StaffBillsRoute() {
  return <ComingSoon title="Bills" />;
}
