import { ComingSoon } from '../../components/ui/coming-soon';

// "/superadmin-bills" - spec §2 Admin bills, for superadmins. Not built yet: the screen says so rather than showing invented data.
export default function SuperadminBillsRoute() {
  return <ComingSoon title="Bills" />;
}
