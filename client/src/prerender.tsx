// Built for Node by build/prerender-screens.ts, never shipped to the browser: the login screen rendered to
// HTML at build time, which index.html carries inside #root so a phone paints it before any script has
// arrived (issue 19, decision 023). main.tsx then hydrates it: the
// tree here must stay the one main.tsx renders (the same providers and routes), or React draws the screen anew.
// Also the staff frames (decision 030), which index.html carries in a template for a returning admin or
// superadmin: React draws over them, so they must be what SignedInFrame renders while the screen loads.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { AppRoutes, routes, type LazyRouteHandle } from './app/router';
import { SignedInFrame } from './app/routes/signed-in-layout';
import { HeadedScreenLoader } from './components/layout/headed-screen';
import { homePathFor } from './lib/home-path';
import type { MessageId } from './lib/i18n/catalogs';
import { i18n, loadScreenCatalogs } from './lib/i18n/language';

/** The login screen as a signed-out visitor in English first sees it (the settings still loading). */
export function renderLoginScreen(): string {
  return renderAt('/', <AppRoutes />);
}

/** `screen` at the address `path`, inside the providers main.tsx renders the app in, as HTML. */
function renderAt(path: string, screen: ReactNode): string {
  return renderToString(
    <StrictMode>
      <AppProvider>
        <MemoryRouter initialEntries={[path]}>{screen}</MemoryRouter>
      </AppProvider>
    </StrictMode>,
  );
}

/** The staff whose first screen is drawn from the page (decision 030). */
export const PRERENDERED_FRAME_USER_TYPES = ['admin', 'superadmin'] as const;
export type PrerenderedFrameUserType = (typeof PRERENDERED_FRAME_USER_TYPES)[number];

/** Every path of router.tsx that opens with a heading (screen()'s headingId), with that heading's id. */
function headedRoutes(): Record<string, MessageId> {
  const headingIds: Record<string, MessageId> = {};
  const visit = (route: RouteObject) => {
    const headingId = (route.handle as LazyRouteHandle | undefined)?.headingId;
    if (route.path && headingId) headingIds[route.path] = headingId;
    route.children?.forEach(visit);
  };
  routes.forEach(visit);
  return headingIds;
}

/** Every path that opens with a heading, with that heading in English: the keeper writes it into the frame. */
export async function headedScreenHeadings(): Promise<Record<string, string>> {
  await loadScreenCatalogs();
  return Object.fromEntries(Object.entries(headedRoutes()).map(([path, headingId]) => [path, i18n._(headingId)]));
}

/**
 * The signed-in frame of a staff user type around its home screen's heading and 'Loading...', in English, as
 * SignedInFrame first renders it (the settings, the inbox and the screen not yet loaded). Nothing personal: the
 * frame shows no name, and the page gives every visitor the same template.
 */
export async function renderStaffFrame(userType: PrerenderedFrameUserType): Promise<string> {
  await loadScreenCatalogs();
  const home = homePathFor(userType)!;
  const headingId = headedRoutes()[home];
  if (!headingId) throw new Error(`${home} opens with no heading to prerender`);
  const session = { token: '', _id: '', username: '', partyName: '', userType, isPasswordReset: true };
  return renderAt(
    home,
    // A client of its own: nothing is fetched while rendering to a string, every answer is still to come.
    <QueryClientProvider client={new QueryClient()}>
      <SignedInFrame session={session}>
        <HeadedScreenLoader headingId={headingId} />
      </SignedInFrame>
    </QueryClientProvider>,
  );
}
