import type { QueryClient } from '@tanstack/react-query';
import { AuditList, firstAuditPageQueryOptions } from '../../features/audit/components/audit-list';
import { HeadedScreen } from '../../components/layout/headed-screen';
import { useT } from '../../lib/i18n/use-t';

/**
 * The screen's first data, fetched with its code and asked for by the page itself for a returning superadmin
 * (app/first-screens.ts): the frame gives way to the list with its rows (decisions 031 and 047).
 * @public read by the router from the lazily imported module (router.tsx ScreenModule), not imported.
 */
export const loadFirstData = (queryClient: QueryClient) => queryClient.prefetchQuery(firstAuditPageQueryOptions());

// "/superadmin-audit" - the audit log of staff changes (contract "running the programme", Audit screen;
// docs/decisions/020). Superadmins only: the API refuses anyone else.
export default function SuperadminAuditRoute() {
  const t = useT();
  return (
    <HeadedScreen heading={t('auditScreen.title')}>
      <AuditList />
    </HeadedScreen>
  );
}
