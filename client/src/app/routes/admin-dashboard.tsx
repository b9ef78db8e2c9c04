import { Group, Stack, Title } from '@mantine/core';
import { AddUserButton } from '../../features/users/components/add-user-modal';
import { CustomerImport } from '../../features/users/components/customer-import/customer-import';
import { UsersList } from '../../features/users/components/users-list';

// "/admin-dashboard" - spec §2 Admin dashboard (User List): customers with search and paging, Add User and
// the bulk upload. The spec's Add Bill action waits for the bills feature; it is left out rather than faked.
export default function AdminDashboardRoute() {
  return (
    <Stack gap="lg">
      <Title order={1}>User List</Title>
      <Group gap="sm">
        <AddUserButton mode="admin" />
        <CustomerImport />
      </Group>
      <UsersList source={{ scope: 'customers' }} noun="customers" />
    </Stack>
  );
}
