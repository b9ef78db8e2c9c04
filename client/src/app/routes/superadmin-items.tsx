import { ComingSoon } from '../../components/ui/coming-soon';

// "/superadmin-items" - spec §2 Admin items, for superadmins. Not built yet: the screen says so rather than showing invented data.
export default function SuperadminItemsRoute() {
  return <ComingSoon title="Items" />;
}
