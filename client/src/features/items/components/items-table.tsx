import { formatNumber, type Item } from '@app/common';
import { Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DataList, EditDeleteActions } from '../../../components/ui/data-list';
import { deferredDialog } from '../../../components/ui/deferred';
import { GrowingRows } from '../../../components/ui/growing-rows';
import { ListSearch } from '../../../components/ui/list-controls';
import { ListStates } from '../../../components/ui/query-states';
import { useT } from '../../../lib/i18n/use-t';
import { useItems } from '../api/get-items';

// Its dialogs are imported at their first opening (deferredDialog): their forms and schemas were a third of the
// screen's files, a slow phone's chain of downloads before the list could be drawn (issue 41, decision 047).
/** The item form, also the screen's Add Item dialog (routes/staff/items.tsx): one deferred component, one import. */
export const ItemFormModal = deferredDialog(() => import('./item-form-modal').then((module) => module.ItemFormModal));
const DeleteItemModal = deferredDialog(() => import('./delete-item-modal').then((module) => module.DeleteItemModal));

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

/** A description's beginning as plain text, parsed once per description (descriptionText). */
function ItemDescriptionPreview({ html }: { html: string }) {
  const text = useMemo(() => descriptionText(html), [html]);
  return (
    <Text size="sm" lineClamp={2} miw={200} maw={360}>
      {text}
    </Text>
  );
}

/**
 * Spec §2 Admin items: search by item name; name, description, points required, discount and stock, with
 * Edit and Delete on every row. The catalogue comes whole (GET /api/item), so the search runs here:
 * case-insensitive, any part of the name, as the shop's search does. On a phone each item is a card: its name
 * and points on top, the description under them, discount and stock in lines, Edit and Delete at its foot.
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

  // Wrapped once per answer, not at every keystroke of the search; a description is parsed only when its row is
  // drawn (ItemDescriptionPreview): 200 parses before the first row cost a slow phone a quarter of a second.
  const rows = useMemo(() => (items.data ?? []).map((item) => ({ item })), [items.data]);
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
            {/* A new list for each search: it starts again at its first screenful. */}
            <GrowingRows key={needle} rows={shown} moreText={(left) => t('itemsTable.showMore', { count: formatNumber(left) })}>
              {(drawn) => (
                <DataList
                  label={t('itemsTable.label')}
                  rows={drawn}
                  rowKey={({ item }) => item._id}
                  columns={[
                    { label: t('itemsTable.column.name'), cell: ({ item }) => item.name },
                    {
                      label: t('itemsTable.column.description'),
                      // Its own line on a phone, without the column's words: a sentence reads as one.
                      phone: 'block',
                      cell: ({ item }) => <ItemDescriptionPreview html={item.description} />,
                    },
                    {
                      label: t('itemsTable.column.pointsRequired'),
                      number: true,
                      // Beside the name on a phone: what the item costs is what its card is read for.
                      phone: 'aside',
                      cell: ({ item }) => formatNumber(item.pointsRequired),
                    },
                    { label: t('itemsTable.column.discount'), number: true, cell: ({ item }) => formatNumber(item.discount) },
                    { label: t('itemsTable.column.stock'), number: true, cell: ({ item }) => formatNumber(item.stock) },
                    {
                      label: t('itemsTable.column.actions'),
                      phone: 'actions',
                      cell: ({ item }) => (
                        <EditDeleteActions
                          editText={t('itemsTable.edit')}
                          deleteText={t('itemsTable.delete')}
                          editLabel={t('itemsTable.editAria', { name: item.name })}
                          deleteLabel={t('itemsTable.deleteAria', { name: item.name })}
                          onEdit={() => open('edit', item)}
                          onDelete={() => open('delete', item)}
                        />
                      ),
                    },
                  ]}
                />
              )}
            </GrowingRows>
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
