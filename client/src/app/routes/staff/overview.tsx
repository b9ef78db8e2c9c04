import { OverviewPanel } from '../../../features/overview/components/overview-panel';
import { HeadedScreen } from '../../../components/layout/headed-screen';
import { useT } from '../../../lib/i18n/use-t';

// "/admin-overview" and "/superadmin-overview" - the programme at a glance (contract "running the programme",
// Overview; docs/decisions/020): its own screen so that the chart library loads here and nowhere else.
export default function StaffOverviewRoute() {
  const t = useT();
  return (
    <HeadedScreen heading={t('staffOverview.title')}>
      <OverviewPanel />
    </HeadedScreen>
  );
}
