import { formatNumber, type Page } from '@app/common';
import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/use-t';
import { pageRange } from '../../lib/use-paged-search';
import { ListPagination } from './list-controls';
import { LoadError } from './load-error';
import { PageLoader } from './page-loader';

// Staff screens only (bills, users, items, audit, orders): the shop and login pages do not import this, so its
// paging stays out of their first code. The rows themselves are drawn by data-list.tsx (plain table elements,
// issue 29), which each screen imports.

/**
 * What a list's states are read from. A TanStack query's result has these; a screen of several queries (the
 * orders board's three sections) says them as one.
 */
export type ListQuery<Data> = {
  /** Undefined until the first answer. */
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
};

type ListStatesProps<Data> = {
  query: ListQuery<Data>;
  /** The LoadError's title ("The bills could not be loaded"). */
  loadErrorTitle: string;
  /** True when the answer leaves no row to show (none at all, or none matching the search). */
  isEmpty: (data: Data) => boolean;
  /**
   * True while an empty answer says nothing yet: the previous answer kept while a new search loads, or a page
   * emptied by a delete being left for the last one with rows. A loader shows then, not the empty message.
   */
  settling?: boolean;
  /** "No bills yet", or "No bills match …" while a search is active. */
  emptyMessage: ReactNode;
  /** The rows, once there are some. */
  children: (data: Data) => ReactNode;
};

/**
 * The states of a staff list: 'Loading...' until the first answer, the server's words and Try again when it
 * failed, a dimmed line when it has no rows, else the rows.
 */
export function ListStates<Data>({
  query,
  loadErrorTitle,
  isEmpty,
  settling = false,
  emptyMessage,
  children,
}: ListStatesProps<Data>) {
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <LoadError title={loadErrorTitle} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  if (query.data === undefined) return <PageLoader />;
  if (isEmpty(query.data)) {
    if (settling) return <PageLoader />;
    return (
      <Text py="lg" ta="center" c="dimmed">
        {emptyMessage}
      </Text>
    );
  }
  return children(query.data);
}

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
