import { formatNumber, type Item } from '@app/common';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ListSearch } from '../../../components/ui/list-controls';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { useT } from '../../../lib/i18n/use-t';
import { useItems } from '../api/get-items';
import { DeleteItemModal } from './delete-item-modal';
import { ItemFormModal } from './item-form-modal';

/** Characters of a description the table shows; the whole text is in the Edit dialog. */
const DESCRIPTION_PREVIEW_LENGTH = 100;
const BLOCK_ELEMENTS = 'address,blockquote,br,div,h1,h2,h3,h4,h5,h6,li,ol,p,pre,td,th,tr,ul';
/** Elements whose text is not words a reader sees (the server's sanitiser drops them; this does too). */
const NOT_TEXT = 'script,style,template,noscript';

/**
 * The words of an HTML description, for the table. The HTML is parsed in an inert document (DOMParser:
 * no scripts run, nothing loads) and only its text is kept, so the table never injects markup; block
 * elements become spaces, so "<p>A</p><p>B</p>" reads "A B", not "AB".
 */
function descriptionText(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const element of document.body.querySelectorAll(NOT_TEXT)) element.remove();
  for (const element of document.body.querySelectorAll(BLOCK_ELEMENTS)) {
    element.before(' ');
    element.after(' ');
  }
  const text = (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  const characters = Array.from(text);
  return characters.length > DESCRIPTION_PREVIEW_LENGTH
    ? `${characters
        .slice(0, DESCRIPTION_PREVIEW_LENGTH - 1)
        .join('')
        .trimEnd()}…`
    : text;
}

/**
 * Spec §2 Admin items: search by item name; name, description, points required, discount and stock, with
 * Edit and Delete on every row. The catalogue comes whole (GET /api/item), so the search runs here:
 * case-insensitive, any part of the name, as the shop's search does.
 */
export function ItemsTable() {
  const t = useT();
  const items = useItems();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  // Kept after closing so the dialog does not empty while it fades out.
  const [dialogItem, setDialogItem] = useState<Item | null>(null);
  const open = (kind: 'edit' | 'delete', item: Item) => {
    setDialogItem(item);
    setDialog(kind);
  };

  // Parsed once per answer, not at every keystroke of the search.
  const rows = useMemo(
    () => (items.data ?? []).map((item) => ({ item, description: descriptionText(item.description) })),
    [items.data],
  );
  const query = search.trim();
  const needle = query.toLowerCase();
  const shown = needle ? rows.filter(({ item }) => item.name.toLowerCase().includes(needle)) : rows;

  let body;
  if (items.isPending) body = <PageLoader />;
  else if (items.isError)
    body = (
      <LoadError
        title={t('itemsTable.loadError')}
        error={items.error}
        onRetry={() => void items.refetch()}
        retrying={items.isFetching}
      />
    );
  else if (shown.length === 0)
    body = (
      <Text py="lg" ta="center" c="dimmed">
        {rows.length === 0 ? t('itemsTable.empty') : t('itemsTable.noMatch', { query })}
      </Text>
    );
  else
    body = (
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-label={t('itemsTable.label')}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('itemsTable.label')}>
            <Table.Thead style={{ whiteSpace: 'nowrap' }}>
              <Table.Tr>
                <Table.Th scope="col">{t('itemsTable.column.name')}</Table.Th>
                <Table.Th scope="col">{t('itemsTable.column.description')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('itemsTable.column.pointsRequired')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('itemsTable.column.discount')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('itemsTable.column.stock')}
                </Table.Th>
                <Table.Th scope="col">{t('itemsTable.column.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map(({ item, description }) => (
                <Table.Tr key={item._id}>
                  <Table.Th scope="row" fw={500}>
                    {item.name}
                  </Table.Th>
                  <Table.Td miw={200} maw={360}>
                    <Text size="sm" lineClamp={2}>
                      {description}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(item.pointsRequired)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(item.discount)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(item.stock)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={t('itemsTable.editAria', { name: item.name })}
                        onClick={() => open('edit', item)}
                      >
                        {t('itemsTable.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        c="red.9"
                        aria-label={t('itemsTable.deleteAria', { name: item.name })}
                        onClick={() => open('delete', item)}
                      >
                        {t('itemsTable.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" role="status">
          {needle
            ? t('itemsTable.matchCount', { shown: formatNumber(shown.length), total: formatNumber(rows.length) })
            : t('itemsTable.count', { count: rows.length, countText: formatNumber(rows.length) })}
        </Text>
      </Stack>
    );

  return (
    <Stack gap="md">
      <ListSearch
        label={t('itemsTable.searchLabel')}
        placeholder={t('itemsTable.searchPlaceholder')}
        value={search}
        onChange={setSearch}
        searching={false}
      />
      {body}
      <ItemFormModal opened={dialog === 'edit'} item={dialogItem} onClose={() => setDialog(null)} />
      <DeleteItemModal opened={dialog === 'delete'} item={dialogItem} onClose={() => setDialog(null)} />
    </Stack>
  );
}
