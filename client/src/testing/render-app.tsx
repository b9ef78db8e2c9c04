import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { onTestFinished } from 'vitest';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { forgetUserDataOnSessionChange } from '../app/query-scope';
import { saveSession, type Session } from '../lib/session';

type RenderAppOptions = {
  /** A stored session to start with (spec §3); none = signed out. */
  session?: Session;
};

/** Keeps the router's current path where the test can read it. */
function LocationProbe({ into }: { into: { pathname: string } }) {
  // Written during render on purpose: the value is read by the test, never by React.
  // eslint-disable-next-line react-hooks/immutability
  into.pathname = useLocation().pathname;
  return null;
}

/** Renders the whole app (real routes, providers and guards) at a URL, on a fresh query cache. */
export function renderApp(url = '/', { session }: RenderAppOptions = {}) {
  if (session) saveSession(session);
  const queryClient = createQueryClient({ queries: { retry: false } });
  // As the shared client does in the portal (app/query-scope.tsx), for as long as the test runs.
  onTestFinished(forgetUserDataOnSessionChange(queryClient));
  const location = { pathname: url };
  const user = userEvent.setup();
  const utils = render(
    <AppProvider mantineEnv="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <LocationProbe into={location} />
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>
    </AppProvider>,
  );
  return {
    ...utils,
    user,
    queryClient,
    /** The path the app is on now. */
    pathname: () => location.pathname,
  };
}
