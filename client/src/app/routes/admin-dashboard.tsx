import { Group } from '@mantine/core';
import { AddUserButton } from '../../features/users/components/add-user-modal';
import { CustomerImport } from '../../features/users/components/customer-import/customer-import';
import { UsersList } from '../../features/users/components/users-list';
import { HeadedScreen } from '../../components/layout/headed-screen';
import { useT } from '../../lib/i18n/use-t';
import { useAddBill } from '../add-bill';

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
