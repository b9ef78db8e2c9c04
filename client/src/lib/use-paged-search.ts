import type { Page } from '@app/common';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** What a server-searched, paged list asks for (contract "API conventions": `q`, `page`, `limit`). */
export type PagedSearchParams = { q: string; page: number; limit: number };

/** Rows per page: the list schemas' default, well under their limit of 100. */
export const PAGE_SIZE = 20;
/** Typing pauses this long before the server is asked, so each keystroke does not send a search. */
export const SEARCH_DELAY_MS = 300;

/**
 * The search box of a server-searched list: the text as typed and the trimmed value the server is asked with,
 * once typing pauses. `typing` is true while they differ. Lists that page by "load more" (the orders board)
 * use this alone; paged lists get it through usePagedSearch.
 */
export function useListSearch() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  return { search, setSearch, debouncedSearch, typing: search.trim() !== debouncedSearch };
}

/**
 * One way to drive a list the server searches and pages (users, bills): the search box's text, its debounced
 * value the server is asked with, the page (which belongs to the search it was chosen for, so a new search
 * starts on page 1 without a second request), and the query. The query options should keep the previous page
 * while the next loads (`placeholderData: keepPreviousData`).
 *
 * When a page empties under the reader (the only row of the last page deleted, here or elsewhere), the list
 * goes back to the new last page that has rows: the server's total arrives with the page that came out empty,
 * so the page can only be corrected after it (issue 16: the bills list showed "No bills yet" over 20 bills).
 */
export function usePagedSearch<Row, Key extends QueryKey>(
  queryOptions: (params: PagedSearchParams) => UseQueryOptions<Page<Row>, unknown, Page<Row>, Key>,
  pageSize: number = PAGE_SIZE,
) {
  const { search, setSearch, debouncedSearch, typing } = useListSearch();
  const [paging, setPaging] = useState({ q: '', page: 1 });
  const page = paging.q === debouncedSearch ? paging.page : 1;
  const setPage = (next: number) => setPaging({ q: debouncedSearch, page: next });

  const list = useQuery(queryOptions({ q: debouncedSearch, page, limit: pageSize }));

  const lastPage = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize));
  const pageEmptied = list.data !== undefined && !list.isPlaceholderData && page > lastPage;
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the total is known only from the emptied page's answer
    if (pageEmptied) setPaging({ q: debouncedSearch, page: lastPage });
  }, [pageEmptied, debouncedSearch, lastPage]);

  return {
    /** The search box's text, as typed. */
    search,
    setSearch,
    /** The trimmed search the list answers (or is about to). */
    debouncedSearch,
    page,
    setPage,
    lastPage,
    list,
    /** True while the shown rows are not yet the answer to what is asked: typing, a new page or search loading. */
    searching: typing || (list.isFetching && list.isPlaceholderData),
    /**
     * True while an empty answer says nothing yet: the previous answer kept while the next loads, or a page
     * that emptied and is being left for the last one with rows. Lists show a loader then, not "No rows yet".
     */
    settling: list.isPlaceholderData || pageEmptied,
    /** The rows shown are from 'first' to 'last' of the total (1-based), for the "Showing" line. */
    range: list.data
      ? {
          first: (list.data.page - 1) * list.data.limit + 1,
          last: (list.data.page - 1) * list.data.limit + list.data.items.length,
        }
      : undefined,
  };
}
