import { formatNumber, type Page } from '@app/common';
import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/use-t';
import { pageRange } from '../../lib/use-paged-search';
import { ListPagination } from './list-controls';
import { ListStates, type ListQuery } from './query-states';

// Staff screens only (bills, users, items, audit, orders): the shop and login pages do not import this, so its
// paging stays out of their first code. The rows themselves are drawn by data-list.tsx (plain table elements,
// issue 29), which each screen imports.

/** What PagedList reads: usePagedSearch's or usePagedQuery's answer (lib/use-paged-search.ts). */
type PagedSource<Row> = {
  list: ListQuery<Page<Row>> & { isPlaceholderData: boolean };
  page: number;
  setPage: (page: number) => void;
  lastPage: number;
  settling: boolean;
};

type PagedListProps<Row> = {
  paged: PagedSource<Row>;
  loadErrorTitle: string;
  emptyMessage: ReactNode;
  /** The page's rows (a table, or cards). */
  children: (rows: Row[]) => ReactNode;
};

/**
 * A list the server pages (bills, users, audit): the states of ListStates, the page's rows (dimmed and
 * announced busy while the next page or search loads over them), "Showing 21–40 of 57" and the page buttons.
 */
export function PagedList<Row>({ paged, loadErrorTitle, emptyMessage, children }: PagedListProps<Row>) {
  const t = useT();
  const { list } = paged;
  return (
    <ListStates
      query={list}
      loadErrorTitle={loadErrorTitle}
      isEmpty={(data) => data.items.length === 0}
      settling={paged.settling}
      emptyMessage={emptyMessage}
    >
      {(data) => {
        const { first, last } = pageRange(data);
        return (
          <Stack gap="sm">
            <Box
              aria-busy={list.isPlaceholderData}
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            >
              {children(data.items)}
            </Box>
            <Group justify="space-between" gap="sm">
              <Text size="sm" role="status">
                {t('list.showing', {
                  first: formatNumber(first),
                  last: formatNumber(last),
                  total: formatNumber(data.total),
                })}
              </Text>
              <ListPagination total={paged.lastPage} value={paged.page} onChange={paged.setPage} />
            </Group>
          </Stack>
        );
      }}
    </ListStates>
  );
}
