import { ComingSoon } from '../../components/ui/coming-soon';

// "/superadmin-system" - spec §2 Superadmin system. Not built yet: the screen says so rather than showing invented data.
export default function SuperadminSystemRoute() {
  return <ComingSoon title="System Settings" />;
}
