import { ComingSoon } from '../../components/ui/coming-soon';

// "/admin-dashboard" - spec §2 Admin dashboard (User List). Not built yet: the screen says so rather than showing invented data.
export default function AdminDashboardRoute() {
  return <ComingSoon title="User List" />;
}
