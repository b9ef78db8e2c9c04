import type { Page } from '@app/common';
import { MantineProvider } from '@mantine/core';
import { keepPreviousData, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildPage } from '../../testing/factories';
import { api, errorResponse } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { apiClient } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { usePagedSearch, type PagedSearchParams } from '../../lib/use-paged-search';
import { PagedList } from './paged-list';

/** The server's names, searched by `q` and paged by `page` and `limit`, as the staff lists are; records each request. */
function answerNames(names: string[], gate?: { q: string; opened: Promise<void> }) {
  const asked: PagedSearchParams[] = [];
  server.use(
    http.get(api('/names'), async ({ request }) => {
      const params = new URL(request.url).searchParams;
      const q = params.get('q') ?? '';
      const page = Number(params.get('page'));
      const limit = Number(params.get('limit'));
      asked.push({ q, page, limit });
      if (gate?.q === q) await gate.opened;
      const matching = names.filter((name) => name.includes(q));
      const start = (page - 1) * limit;
      return HttpResponse.json<Page<string>>(
        buildPage(matching.slice(start, start + limit), { total: matching.length, page, limit }),
      );
    }),
  );
  return asked;
}

const namesQuery = (params: PagedSearchParams) =>
  queryOptions({
    queryKey: ['names', params],
    queryFn: async ({ signal }) => (await apiClient.get<Page<string>>('/names', { params, signal })).data,
    placeholderData: keepPreviousData,
  });

/** A staff list as the screens write one: a search box over a PagedList, two names a page. */
function NamesList() {
  const paged = usePagedSearch(namesQuery, 2);
  return (
    <>
      <input aria-label="Search names" value={paged.search} onChange={(event) => paged.setSearch(event.currentTarget.value)} />
      <PagedList
        paged={paged}
        loadErrorTitle="The names could not be loaded"
        emptyMessage={paged.debouncedSearch ? `No names match "${paged.debouncedSearch}"` : 'No names yet'}
      >
        {(names) => (
          <ul aria-label="Names">
            {names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

function renderList(list = <NamesList />) {
  const queryClient = createQueryClient({ queries: { retry: false } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>{list}</QueryClientProvider>
    </MantineProvider>,
  );
  return userEvent.setup();
}

const shownNames = async () =>
  within(await screen.findByRole('list', { name: 'Names' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('PagedList', () => {
  it('when the first answer is on its way, then Loading shows; when it comes, then the page, the Showing line and the pages', async () => {
    answerNames(['asha', 'bina', 'chitra', 'deepa', 'esha']);
    renderList();

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await shownNames()).toEqual(['asha', 'bina']);
    expect(screen.getByText('Showing 1–2 of 5')).toHaveAttribute('role', 'status');
    for (const name of ['Previous page', 'Page 1', 'Page 2', 'Page 3', 'Next page'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Names' }).parentElement).toHaveAttribute('aria-busy', 'false');
  });

  it('when a page button is pressed, then that page is asked for and the Showing line follows it', async () => {
    const asked = answerNames(['asha', 'bina', 'chitra', 'deepa', 'esha']);
    const user = renderList();
    await shownNames();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 5–5 of 5')).toBeInTheDocument();
    expect(await shownNames()).toEqual(['esha']);
    expect(asked).toEqual([
      { q: '', page: 1, limit: 2 },
      { q: '', page: 3, limit: 2 },
    ]);

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Showing 3–4 of 5')).toBeInTheDocument();
    expect(await shownNames()).toEqual(['chitra', 'deepa']);
  });

  it('when every row fits on one page, then the Showing line stands without page buttons', async () => {
    answerNames(['asha']);
    renderList();

    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('when the list has no rows, then its empty message shows, without a Showing line or pages', async () => {
    answerNames([]);
    renderList();

    expect(await screen.findByText('No names yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Names' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 1' })).not.toBeInTheDocument();
  });

  it('when a new search is on its way over an empty answer, then Loading shows until it comes, not the empty message', async () => {
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    answerNames(['asha', 'bina'], { q: 'as', opened });
    const user = renderList();
    await shownNames();

    await user.type(screen.getByLabelText('Search names'), 'x');
    expect(await screen.findByText('No names match "x"')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Search names'));
    await user.type(screen.getByLabelText('Search names'), 'as');
    // The empty answer to "x" is kept while "as" is asked: it says nothing about "as".
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText(/^No names match/)).not.toBeInTheDocument();

    open();
    expect(await shownNames()).toEqual(['asha']);
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
  });

  it('when the server fails, then its words and Try again show; Try again asks again and shows the rows', async () => {
    let fail = true;
    server.use(
      http.get(api('/names'), (): Response =>
        fail
          ? errorResponse(500, 'INTERNAL', 'Something went wrong on our side')
          : HttpResponse.json<Page<string>>(buildPage(['asha'], { limit: 2 })),
      ),
    );
    const user = renderList();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The names could not be loaded');
    expect(alert).toHaveTextContent('Something went wrong on our side');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await shownNames()).toEqual(['asha']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
