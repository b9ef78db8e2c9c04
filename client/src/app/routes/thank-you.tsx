import { ComingSoon } from '../../components/ui/coming-soon';

// "/thank-you" - spec §2 Thank-you. Not built yet: the screen says so rather than showing invented data.
export default function ThankYouRoute() {
  return <ComingSoon title="Thank You" />;
}
