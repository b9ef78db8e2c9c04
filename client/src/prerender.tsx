// Built for Node by build/prerender-login.ts, never shipped to the browser: the login screen rendered to
// HTML at build time, which index.html carries inside #root so a phone paints it before any script has
// arrived (issue 19, decision 023). main.tsx then hydrates it: the
// tree here must stay the one main.tsx renders (the same providers and routes), or React draws the screen anew.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';

/** The login screen as a signed-out visitor in English first sees it (the settings still loading). */
export function renderLoginScreen(): string {
  return renderToString(
    <StrictMode>
      <AppProvider>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes />
        </MemoryRouter>
      </AppProvider>
    </StrictMode>,
  );
}
