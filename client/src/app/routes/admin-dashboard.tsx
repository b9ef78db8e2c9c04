import { Group } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { AddUserButton } from '../../features/users/components/add-user-button';
import { CustomerImport } from '../../features/users/components/customer-import/customer-import';
import { customersQueryOptions } from '../../features/users/api/get-customers';
import { UsersList } from '../../features/users/components/users-list';
import { HeadedScreen } from '../../components/layout/headed-screen';
import { useT } from '../../lib/i18n/use-t';
import { PAGE_SIZE } from '../../lib/use-paged-search';
import { prefetchAddBill, useAddBill } from '../add-bill';

/**
 * The customers' first page, fetched before the dashboard is drawn over the page's frame (router.tsx, main.tsx),
 * so the frame gives way to the list with its rows rather than to its loading state (decision 031).
 * @public read by the router from the lazily imported module (router.tsx ScreenModule), not imported.
 */
export const loadFirstData = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.prefetchQuery(customersQueryOptions({ q: '', page: 1, limit: PAGE_SIZE })),
    prefetchAddBill(queryClient),
  ]);

// "/admin-dashboard" - spec §2 Admin dashboard (User List): customers with search and paging, Add User, the
// bulk upload, and Add Bill on every row.
export default function AdminDashboardRoute() {
  const t = useT();
  const { openAddBill, addBillModal } = useAddBill();
  return (
    <HeadedScreen heading={t('usersScreen.title')}>
      <Group gap="sm">
        <AddUserButton mode="admin" />
        <CustomerImport />
      </Group>
      <UsersList source={{ scope: 'customers' }} noun="customers" onAddBill={openAddBill} />
      {addBillModal}
    </HeadedScreen>
  );
}
