import { I18nProvider } from '@lingui/react';
import { MantineProvider, type MantineProviderProps } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { settingsKeys } from '../features/settings/keys';
import { i18n } from '../lib/i18n/language';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { readSession, subscribeSession } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

/**
 * When the signed-in user changes (login, logout, a 401, a new token after a password change), drop every
 * cached answer that belonged to the previous token so no one sees another user's points. The public
 * settings are the same for everyone and stay.
 */
function useForgetUserDataOnSessionChange(queryClient: QueryClient) {
  useEffect(() => {
    let token = readSession()?.token;
    return subscribeSession(() => {
      const next = readSession()?.token;
      if (next === token) return;
      token = next;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== settingsKeys.all[0] });
    });
  }, [queryClient]);
}

type AppProviderProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** "test" turns off Mantine's transitions and its hiding of dropdowns whose target has no layout (jsdom). */
  mantineEnv?: MantineProviderProps['env'];
};

export function AppProvider({ children, queryClient = defaultQueryClient, mantineEnv }: AppProviderProps) {
  useForgetUserDataOnSessionChange(queryClient);
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={mantineEnv}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  );
}
