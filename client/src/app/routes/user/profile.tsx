import { ComingSoon } from '../../../components/ui/coming-soon';

// "/user/profile" - spec §2 Profile. Not built yet: the screen says so rather than showing invented data.
export default function ProfileRoute() {
  return <ComingSoon title="Profile" />;
}
