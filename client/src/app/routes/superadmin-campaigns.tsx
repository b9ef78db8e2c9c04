import { HeadedScreen } from '../../components/layout/headed-screen';
import { CampaignsList } from '../../features/campaigns/components/campaigns-list';
import { useT } from '../../lib/i18n/use-t';

// "/superadmin-campaigns" - bonus campaigns (contract "points expiry and bonus campaigns"): superadmins list, add,
// edit and delete them; the API refuses anyone else's changes.
export default function SuperadminCampaignsRoute() {
  const t = useT();
  return (
    <HeadedScreen heading={t('campaigns.title')}>
      <CampaignsList />
    </HeadedScreen>
  );
}
