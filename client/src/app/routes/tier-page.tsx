import { ComingSoon } from '../../components/ui/coming-soon';

// "/tier-page" - spec §2 Tier page. Not built yet: the screen says so rather than showing invented data.
export default function TierPageRoute() {
  return <ComingSoon title="Tier" />;
}
