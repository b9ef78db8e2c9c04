import { Group, Tabs } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AddUserButton } from '../../features/users/components/add-user-button';
import { CustomerImport } from '../../features/users/components/customer-import/customer-import';
import { allUsersQueryOptions } from '../../features/users/api/get-all-users';
import { UsersList } from '../../features/users/components/users-list';
import { HeadedScreen } from '../../components/layout/headed-screen';
import { useT } from '../../lib/i18n/use-t';
import { PAGE_SIZE } from '../../lib/use-paged-search';
import { useSession } from '../../lib/session';
import { prefetchAddBill, useAddBill } from '../add-bill';

type UserTab = 'customer' | 'admin' | 'superadmin';

/**
 * The customers' first page, fetched before the dashboard is drawn over the page's frame (router.tsx, main.tsx),
 * so the frame gives way to the list with its rows rather than to its loading state (decision 031).
 * @public read by the router from the lazily imported module (router.tsx ScreenModule), not imported.
 */
export const loadFirstData = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.prefetchQuery(allUsersQueryOptions({ q: '', page: 1, limit: PAGE_SIZE, userType: 'customer' })),
    prefetchAddBill(queryClient),
  ]);

// "/superadmin-dashboard" - spec §2 Superadmin dashboard (User List): customers, admins and superadmins,
// each list with its own search and paging; tier, block, reset password and delete per row; Add Bill on
// customer rows; Add User.
export default function SuperadminDashboardRoute() {
  const t = useT();
  const session = useSession();
  // RequireSession guarantees a session; '' matches no row if an old session lacks its _id.
  const currentUserId = session?._id ?? '';
  const { openAddBill, addBillModal } = useAddBill();
  const [tab, setTab] = useState<UserTab>('customer');
  // A list is built (and asks the server) when its tab is first opened, then stays mounted, so each keeps its
  // search and page while another tab is open; the first screen builds one table, not three (decision 031).
  const [opened, setOpened] = useState<ReadonlySet<UserTab>>(() => new Set(['customer']));
  const open = (value: string | null) => {
    if (value !== 'customer' && value !== 'admin' && value !== 'superadmin') return;
    setTab(value);
    setOpened((before) => new Set(before).add(value));
  };

  return (
    <HeadedScreen heading={t('usersScreen.title')}>
      <Group gap="sm">
        <AddUserButton mode="superadmin" />
        <CustomerImport />
      </Group>
      <Tabs value={tab} onChange={open}>
        <Tabs.List>
          <Tabs.Tab value="customer">{t('usersList.caption.customers')}</Tabs.Tab>
          <Tabs.Tab value="admin">{t('usersList.caption.admins')}</Tabs.Tab>
          <Tabs.Tab value="superadmin">{t('usersList.caption.superadmins')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="customer" pt="md">
          <UsersList
            source={{ scope: 'all', userType: 'customer' }}
            noun="customers"
            currentUserId={currentUserId}
            onAddBill={openAddBill}
          />
        </Tabs.Panel>
        <Tabs.Panel value="admin" pt="md">
          {opened.has('admin') && (
            <UsersList source={{ scope: 'all', userType: 'admin' }} noun="admins" currentUserId={currentUserId} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="superadmin" pt="md">
          {opened.has('superadmin') && (
            <UsersList source={{ scope: 'all', userType: 'superadmin' }} noun="superadmins" currentUserId={currentUserId} />
          )}
        </Tabs.Panel>
      </Tabs>
      {addBillModal}
    </HeadedScreen>
  );
}
