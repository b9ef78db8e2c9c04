import { Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { ItemFormModal } from '../../../features/items/components/item-form-modal';
import { ItemsTable } from '../../../features/items/components/items-table';
import { useT } from '../../../lib/i18n/use-t';

// "/admin-items" and "/superadmin-items" - spec §2 Admin items; superadmins do everything an admin does (§1),
// so one screen serves both paths.
export default function StaffItemsRoute() {
  const t = useT();
  const [adding, addDialog] = useDisclosure(false);
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1}>{t('staffItems.title')}</Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={addDialog.open}>
          {t('staffItems.addNew')}
        </Button>
      </Group>
      <ItemsTable />
      {/* Spec §4: no _id, so the dialog opens in Add mode. */}
      <ItemFormModal opened={adding} item={null} onClose={addDialog.close} />
    </Stack>
  );
}
