import { HeadedScreen } from '../../components/layout/headed-screen';
import { SupportContactCards } from '../../features/settings/components/support-contact-cards';
import { useT } from '../../lib/i18n/use-t';

// "/help" - spec §2 Help: three contact cards for queries and order cancellation. Its heading and lead need no data:
// a returning user's page draws them before any script (router.tsx's opening, decision 047).
export default function HelpRoute() {
  const t = useT();
  return (
    <HeadedScreen heading={t('help.title')} lead={t('help.intro')}>
      <SupportContactCards />
    </HeadedScreen>
  );
}
