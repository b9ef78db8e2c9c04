import type { QueryClient } from '@tanstack/react-query';
import { HeadedScreen } from '../../components/layout/headed-screen';
import { campaignsQueryOptions } from '../../features/campaigns/api/campaigns';
import { CampaignsList } from '../../features/campaigns/components/campaigns-list';
import { useT } from '../../lib/i18n/use-t';

/**
 * The screen's first data, fetched with its code and asked for by the page itself for a returning superadmin
 * (app/first-screens.ts): the frame gives way to the list with its rows (decisions 031 and 047).
 * @public read by the router from the lazily imported module (router.tsx ScreenModule), not imported.
 */
export const loadFirstData = (queryClient: QueryClient) => queryClient.prefetchQuery(campaignsQueryOptions());

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
