import { ComingSoon } from '../../../components/ui/coming-soon';

// "/admin-items" and "/superadmin-items" - spec §2 Admin items; superadmins do everything an admin does (§1),
// so one screen serves both paths. Not built yet: the screen says so rather than showing invented data.
export default function StaffItemsRoute() {
  return <ComingSoon title="Items" />;
}
