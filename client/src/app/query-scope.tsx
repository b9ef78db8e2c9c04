import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect, type ReactNode } from 'react';
import { settingsKeys } from '../features/settings/keys';
import { queryClient as sharedQueryClient } from '../lib/query-client';

// For a screen's first data, fetched before it is drawn over the page's frame (router.tsx, loadFirstData).
export { sharedQueryClient };
import { readSession, subscribeSession } from '../lib/session';

/**
 * When the signed-in user changes (login, logout, a 401, a new token after a password change), drop every
 * cached answer that belonged to the previous token so no one sees another user's points. The public
 * settings are the same for everyone and stay. Returns the unsubscribe.
 */
export function forgetUserDataOnSessionChange(queryClient: QueryClient): () => void {
  let token = readSession()?.token;
  return subscribeSession(() => {
    const next = readSession()?.token;
    if (next === token) return;
    token = next;
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== settingsKeys.all[0] });
  });
}

// The shared cache forgets a user even while no screen that uses it is mounted (signed out on the login screen,
// where nothing of TanStack Query is loaded, then someone else signs in).
forgetUserDataOnSessionChange(sharedQueryClient);

/**
 * TanStack Query for the screens past the login (router.tsx wraps each lazily loaded screen in it): the login
 * route does without it (its budget, decision 022). Inside a provider already (a screen test's own client, or a
 * screen inside the signed-in layout) it uses that one.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const client = outer ?? sharedQueryClient;
  useEffect(() => (client === sharedQueryClient ? undefined : forgetUserDataOnSessionChange(client)), [client]);
  return outer ? children : <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
