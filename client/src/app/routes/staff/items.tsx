import { Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { itemsQueryOptions } from '../../../features/items/api/get-items';
// The Add Item dialog is imported at its first opening (deferredDialog, decision 047).
import { ItemFormModal, ItemsTable } from '../../../features/items/components/items-table';
import { useT } from '../../../lib/i18n/use-t';

/**
 * The screen's first data, fetched with its code and asked for by the page itself for a returning admin or
 * superadmin (app/first-screens.ts): the catalogue (decisions 031 and 047).
 * @public read by the router from the lazily imported module (router.tsx ScreenModule), not imported.
 */
export const loadFirstData = (queryClient: QueryClient) => queryClient.prefetchQuery(itemsQueryOptions());

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
