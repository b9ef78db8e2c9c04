import type { QueryClient } from '@tanstack/react-query';
import { billsQueryOptions } from '../../../features/bills/api/get-bills';
import { BillsList } from '../../../features/bills/components/bills-list';
import { HeadedScreen } from '../../../components/layout/headed-screen';
import { useT } from '../../../lib/i18n/use-t';
import { PAGE_SIZE } from '../../../lib/use-paged-search';

/**
 * The screen's first data, fetched with its code and asked for by the page itself for a returning admin or
 * superadmin (app/first-screens.ts): the list's first page, unsearched (decisions 031 and 047).
 * @public read by the router from the lazily imported module (router.tsx ScreenModule), not imported.
 */
export const loadFirstData = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(billsQueryOptions({ q: '', page: 1, limit: PAGE_SIZE }));

// "/admin-bills" and "/superadmin-bills" - spec §2 Admin bills; superadmins do everything an admin does (§1),
// so one screen serves both paths. Bills are added from the User List (Add Bill on a customer's row).
export default function StaffBillsRoute() {
  const t = useT();
  return (
    <HeadedScreen heading={t('billsScreen.title')}>
      <BillsList />
    </HeadedScreen>
  );
}
