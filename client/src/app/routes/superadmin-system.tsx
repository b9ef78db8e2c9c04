import { Divider } from '@mantine/core';
import { PointsExpiryPanel } from '../../features/points-expiry/components/points-expiry-panel';
import { SystemSettingsPanel } from '../../features/settings/components/system-settings';
import { TierReviewPanel } from '../../features/tiers/components/tier-review-panel';
import { HeadedScreen } from '../../components/layout/headed-screen';
import { useT } from '../../lib/i18n/use-t';

// "/superadmin-system" - spec §2 Superadmin system (points conversion, per-tier rates and billing
// requirements), points expiry and the quarterly tier review (contract "Beyond the spec").
export default function SuperadminSystemRoute() {
  const t = useT();
  return (
    <HeadedScreen heading={t('systemScreen.title')}>
      <SystemSettingsPanel />
      <Divider />
      <PointsExpiryPanel />
      <Divider />
      <TierReviewPanel />
    </HeadedScreen>
  );
}
