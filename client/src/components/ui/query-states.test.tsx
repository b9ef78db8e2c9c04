import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { api } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { apiClient } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { ListStates } from './query-states';

function renderWithQueries(ui: ReactNode) {
  const queryClient = createQueryClient({ queries: { retry: false } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

/** A list the client filters itself (the items table): the whole answer, a box that narrows it. */
function FilteredNames() {
  const names = useQuery({ queryKey: ['all-names'], queryFn: async () => (await apiClient.get<string[]>('/all-names')).data });
  return (
    <ListStates
      query={names}
      loadErrorTitle="The names could not be loaded"
      isEmpty={(all) => all.filter((name) => name.startsWith('z')).length === 0}
      emptyMessage="No names start with z"
    >
      {(all) => <p>{all.join(', ')}</p>}
    </ListStates>
  );
}

describe('ListStates', () => {
  it('when no row of the answer is to be shown, then its empty message shows instead of the rows', async () => {
    server.use(http.get(api('/all-names'), () => HttpResponse.json<string[]>(['asha'])));
    renderWithQueries(<FilteredNames />);
    expect(await screen.findByText('No names start with z')).toBeInTheDocument();
  });

  it('when no answer arrives, then the connection hint and Try again show under the title', async () => {
    server.use(http.get(api('/all-names'), () => HttpResponse.error()));
    renderWithQueries(<FilteredNames />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The names could not be loaded');
    expect(alert).toHaveTextContent('Please check your connection and try again.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
