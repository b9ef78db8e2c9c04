import { ComingSoon } from '../../components/ui/coming-soon';

// "/superadmin-dashboard" - spec §2 Superadmin dashboard. Not built yet: the screen says so rather than showing invented data.
export default function SuperadminDashboardRoute() {
  return <ComingSoon title="User List" />;
}
