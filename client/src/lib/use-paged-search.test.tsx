import type { Page } from '@app/common';
import { keepPreviousData, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { usePagedSearch, type PagedSearchParams } from './use-paged-search';

/** A server's list of names: searched by `q`, paged by `page` and `limit`; records every request. */
function fakeServer(names: string[]) {
  const server = { names, asked: [] as PagedSearchParams[] };
  const options = (params: PagedSearchParams) => ({
    queryKey: ['names', params] as const,
    queryFn: (): Promise<Page<string>> => {
      server.asked.push(params);
      const matching = server.names.filter((name) => name.includes(params.q));
      const start = (params.page - 1) * params.limit;
      return Promise.resolve({ items: matching.slice(start, start + params.limit), total: matching.length, ...params });
    },
    placeholderData: keepPreviousData,
  });
  return { server, options };
}

function renderPagedSearch(names: string[], pageSize = 2) {
  const { server, options } = fakeServer(names);
  const queryClient = createQueryClient({ queries: { retry: false } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const rendered = renderHook(() => usePagedSearch(options, pageSize), { wrapper });
  return { ...rendered, server, queryClient };
}

describe('usePagedSearch', () => {
  it('when a search is typed on page 2, then the server is asked once the typing pauses, from page 1', async () => {
    const { result, server } = renderPagedSearch(['asha', 'bina', 'chitra', 'deepa', 'esha']);
    await waitFor(() => expect(result.current.list.data?.items).toEqual(['asha', 'bina']));
    expect(result.current.lastPage).toBe(3);

    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.list.data?.items).toEqual(['chitra', 'deepa']));
    act(() => result.current.setSearch('  sha '));
    expect(result.current.searching).toBe(true);

    await waitFor(() => expect(result.current.list.data?.items).toEqual(['asha', 'esha']), { timeout: 2000 });
    expect(result.current.page).toBe(1);
    expect(result.current.debouncedSearch).toBe('sha');
    expect(result.current.range).toEqual({ first: 1, last: 2 });
    expect(server.asked.filter((params) => params.q !== '')).toEqual([{ q: 'sha', page: 1, limit: 2 }]);
  });

  it('when the last page empties (its only row deleted), then it steps back to the new last page with rows', async () => {
    const { result, server, queryClient } = renderPagedSearch(['asha', 'bina', 'chitra']);
    await waitFor(() => expect(result.current.list.data).toBeDefined());
    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.list.data?.items).toEqual(['chitra']));

    server.names = ['asha', 'bina'];
    await act(() => queryClient.invalidateQueries({ queryKey: ['names'] }));

    await waitFor(() => expect(result.current.page).toBe(1));
    await waitFor(() => expect(result.current.list.data?.items).toEqual(['asha', 'bina']));
    expect(result.current.lastPage).toBe(1);
    expect(result.current.settling).toBe(false);
  });
});
