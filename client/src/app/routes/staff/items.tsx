import { Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { ItemFormModal } from '../../../features/items/components/item-form-modal';
import { ItemsTable } from '../../../features/items/components/items-table';

// "/admin-items" and "/superadmin-items" - spec §2 Admin items; superadmins do everything an admin does (§1),
// so one screen serves both paths.
export default function StaffItemsRoute() {
  const [adding, addDialog] = useDisclosure(false);
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1}>Items</Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={addDialog.open}>
          Add New Item
        </Button>
      </Group>
      <ItemsTable />
      {/* Spec §4: no _id, so the dialog opens in Add mode. */}
      <ItemFormModal opened={adding} item={null} onClose={addDialog.close} />
    </Stack>
  );
}
