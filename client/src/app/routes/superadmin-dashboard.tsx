import { Group, Tabs } from '@mantine/core';
import { AddUserButton } from '../../features/users/components/add-user-modal';
import { CustomerImport } from '../../features/users/components/customer-import/customer-import';
import { UsersList } from '../../features/users/components/users-list';
import { HeadedScreen } from '../../components/layout/headed-screen';
import { useT } from '../../lib/i18n/use-t';
import { useSession } from '../../lib/session';
import { useAddBill } from '../add-bill';

// "/superadmin-dashboard" - spec §2 Superadmin dashboard (User List): customers, admins and superadmins,
// each list with its own search and paging; tier, block, reset password and delete per row; Add Bill on
// customer rows; Add User.
export default function SuperadminDashboardRoute() {
  const t = useT();
  const session = useSession();
  // RequireSession guarantees a session; '' matches no row if an old session lacks its _id.
  const currentUserId = session?._id ?? '';
  const { openAddBill, addBillModal } = useAddBill();

  return (
    <HeadedScreen heading={t('usersScreen.title')}>
      <Group gap="sm">
        <AddUserButton mode="superadmin" />
        <CustomerImport />
      </Group>
      <Tabs defaultValue="customer">
        <Tabs.List>
          <Tabs.Tab value="customer">{t('usersList.caption.customers')}</Tabs.Tab>
          <Tabs.Tab value="admin">{t('usersList.caption.admins')}</Tabs.Tab>
          <Tabs.Tab value="superadmin">{t('usersList.caption.superadmins')}</Tabs.Tab>
        </Tabs.List>
        {/* Panels stay mounted, so each list keeps its search and page while another tab is open. */}
        <Tabs.Panel value="customer" pt="md">
          <UsersList
            source={{ scope: 'all', userType: 'customer' }}
            noun="customers"
            currentUserId={currentUserId}
            onAddBill={openAddBill}
          />
        </Tabs.Panel>
        <Tabs.Panel value="admin" pt="md">
          <UsersList source={{ scope: 'all', userType: 'admin' }} noun="admins" currentUserId={currentUserId} />
        </Tabs.Panel>
        <Tabs.Panel value="superadmin" pt="md">
          <UsersList source={{ scope: 'all', userType: 'superadmin' }} noun="superadmins" currentUserId={currentUserId} />
        </Tabs.Panel>
      </Tabs>
      {addBillModal}
    </HeadedScreen>
  );
}
