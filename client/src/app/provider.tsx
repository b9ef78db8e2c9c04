import { I18nProvider } from '@lingui/react';
import { MantineProvider, type MantineProviderProps } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { i18n } from '../lib/i18n/language';
import { useT } from '../lib/i18n/use-t';
import { createAppTheme } from './theme';

type AppProviderProps = {
  children: ReactNode;
  /** "test" turns off Mantine's transitions and its hiding of dropdowns whose target has no layout (jsdom). */
  mantineEnv?: MantineProviderProps['env'];
};

/**
 * What every screen, the login included, renders inside: the language and the theme. TanStack Query's
 * provider comes with the screens past the login (app/query-scope.tsx, decision 022).
 */
export function AppProvider({ children, mantineEnv }: AppProviderProps) {
  return (
    <I18nProvider i18n={i18n}>
      <ThemedByLanguage mantineEnv={mantineEnv}>{children}</ThemedByLanguage>
    </I18nProvider>
  );
}

function ThemedByLanguage({ children, mantineEnv }: AppProviderProps) {
  const t = useT();
  const closeDialog = t('common.closeDialog');
  const hideNotification = t('common.hideNotification');
  const togglePassword = t('common.togglePassword');
  // A new theme only when the language changes (its words are the only thing that varies).
  const theme = useMemo(
    () => createAppTheme({ closeDialog, hideNotification, togglePassword }),
    [closeDialog, hideNotification, togglePassword],
  );
  // The theme's CSS variables come with the entry's stylesheet (styles/theme-variables.css, written from
  // Mantine's own output with cssVariablesResolver by its test): computing them here took 80 ms of a phone's
  // first render (decision 027). Without them the provider has no use for the resolver.
  return (
    <MantineProvider theme={theme} withCssVariables={false} env={mantineEnv}>
      {children}
    </MantineProvider>
  );
}
