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

/** The rows a page holds are from 'first' to 'last' of the list's total (1-based), for the "Showing" line. */
export function pageRange(page: Page<unknown>): { first: number; last: number } {
  const first = (page.page - 1) * page.limit + 1;
  return { first, last: first + page.items.length - 1 };
}

/**
 * The paging of a list the server pages, for whatever it is asked with (`askedFor`: the search, or the audit's
 * filters as one string). The page belongs to what it was chosen for, so a new search or filter starts on
 * page 1 without a second request. The query options should keep the previous page while the next loads
 * (`placeholderData: keepPreviousData`).
 *
 * When a page empties under the reader (the only row of the last page deleted, here or elsewhere), the list
 * goes back to the new last page that has rows: the server's total arrives with the page that came out empty,
 * so the page can only be corrected after it (issue 16: the bills list showed "No bills yet" over 20 bills).
 */
export function usePagedQuery<Row, Key extends QueryKey>(
  askedFor: string,
  queryOptions: (page: number) => UseQueryOptions<Page<Row>, unknown, Page<Row>, Key>,
  pageSize: number = PAGE_SIZE,
) {
  const [paging, setPaging] = useState({ for: askedFor, page: 1 });
  const page = paging.for === askedFor ? paging.page : 1;
  const setPage = (next: number) => setPaging({ for: askedFor, page: next });

  const list = useQuery(queryOptions(page));

  const lastPage = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize));
  const pageEmptied = list.data !== undefined && !list.isPlaceholderData && page > lastPage;
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the total is known only from the emptied page's answer
    if (pageEmptied) setPaging({ for: askedFor, page: lastPage });
  }, [pageEmptied, askedFor, lastPage]);

  return {
    page,
    setPage,
    lastPage,
    list,
    /**
     * True while an empty answer says nothing yet: the previous answer kept while the next loads, or a page
     * that emptied and is being left for the last one with rows. Lists show a loader then, not "No rows yet".
     */
    settling: list.isPlaceholderData || pageEmptied,
  };
}

/**
 * One way to drive a list the server searches and pages (users, bills): the search box's text, its debounced
 * value the server is asked with, and the page and query of usePagedQuery for that search.
 */
export function usePagedSearch<Row, Key extends QueryKey>(
  queryOptions: (params: PagedSearchParams) => UseQueryOptions<Page<Row>, unknown, Page<Row>, Key>,
  pageSize: number = PAGE_SIZE,
) {
  const { search, setSearch, debouncedSearch, typing } = useListSearch();
  const paged = usePagedQuery(debouncedSearch, (page) => queryOptions({ q: debouncedSearch, page, limit: pageSize }), pageSize);
  const { list } = paged;

  return {
    ...paged,
    /** The search box's text, as typed. */
    search,
    setSearch,
    /** The trimmed search the list answers (or is about to). */
    debouncedSearch,
    /** True while the shown rows are not yet the answer to what is asked: typing, a new page or search loading. */
    searching: typing || (list.isFetching && list.isPlaceholderData),
    /** The rows shown are from 'first' to 'last' of the total (1-based), for the "Showing" line. */
    range: list.data ? pageRange(list.data) : undefined,
  };
}
