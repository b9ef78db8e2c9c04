import { ComingSoon } from '../../components/ui/coming-soon';

// "/admin-items" - spec §2 Admin items. Not built yet: the screen says so rather than showing invented data.
export default function AdminItemsRoute() {
  return <ComingSoon title="Items" />;
}
