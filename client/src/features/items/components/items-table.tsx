import { formatNumber, type Item } from '@app/common';
import { Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ListSearch } from '../../../components/ui/list-controls';
import { EditDeleteCell, ListTable, NumberCell } from '../../../components/ui/list-table';
import { ListStates } from '../../../components/ui/paged-list';
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

  return (
    <Stack gap="md">
      <ListSearch
        label={t('itemsTable.searchLabel')}
        placeholder={t('itemsTable.searchPlaceholder')}
        value={search}
        onChange={setSearch}
        searching={false}
      />
      <ListStates
        query={items}
        loadErrorTitle={t('itemsTable.loadError')}
        isEmpty={() => shown.length === 0}
        emptyMessage={rows.length === 0 ? t('itemsTable.empty') : t('itemsTable.noMatch', { query })}
      >
        {() => (
          <Stack gap="sm">
            <ListTable
              label={t('itemsTable.label')}
              minWidth={760}
              columns={[
                { label: t('itemsTable.column.name') },
                { label: t('itemsTable.column.description') },
                { label: t('itemsTable.column.pointsRequired'), number: true },
                { label: t('itemsTable.column.discount'), number: true },
                { label: t('itemsTable.column.stock'), number: true },
                { label: t('itemsTable.column.actions') },
              ]}
            >
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
                  <NumberCell>{formatNumber(item.pointsRequired)}</NumberCell>
                  <NumberCell>{formatNumber(item.discount)}</NumberCell>
                  <NumberCell>{formatNumber(item.stock)}</NumberCell>
                  <EditDeleteCell
                    editText={t('itemsTable.edit')}
                    deleteText={t('itemsTable.delete')}
                    editLabel={t('itemsTable.editAria', { name: item.name })}
                    deleteLabel={t('itemsTable.deleteAria', { name: item.name })}
                    onEdit={() => open('edit', item)}
                    onDelete={() => open('delete', item)}
                  />
                </Table.Tr>
              ))}
            </ListTable>
            <Text size="sm" role="status">
              {needle
                ? t('itemsTable.matchCount', { shown: formatNumber(shown.length), total: formatNumber(rows.length) })
                : t('itemsTable.count', { count: rows.length, countText: formatNumber(rows.length) })}
            </Text>
          </Stack>
        )}
      </ListStates>
      <ItemFormModal opened={dialog === 'edit'} item={dialogItem} onClose={() => setDialog(null)} />
      <DeleteItemModal opened={dialog === 'delete'} item={dialogItem} onClose={() => setDialog(null)} />
    </Stack>
  );
}
