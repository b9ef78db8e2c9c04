import { ComingSoon } from '../../components/ui/coming-soon';

// "/admin-bills" - spec §2 Admin bills. Not built yet: the screen says so rather than showing invented data.
export default function AdminBillsRoute() {
  return <ComingSoon title="Bills" />;
}
