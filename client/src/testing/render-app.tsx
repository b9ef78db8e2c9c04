import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { saveSession, type Session } from '../lib/session';

type RenderAppOptions = {
  /** A stored session to start with (spec §3); none = signed out. */
  session?: Session;
};

/** Renders the whole app (real routes, providers and guards) at a URL, on a fresh query cache. */
export function renderApp(url = '/', { session }: RenderAppOptions = {}) {
  if (session) saveSession(session);
  const queryClient = createQueryClient({ queries: { retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();
  const utils = render(
    <AppProvider queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return {
    ...utils,
    user,
    router,
    queryClient,
    /** The path the app is on now. */
    pathname: () => router.state.location.pathname,
  };
}
