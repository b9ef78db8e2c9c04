// Built for Node by build/prerender-screens.ts, never shipped to the browser: the login screen rendered to
// HTML at build time, which index.html carries inside #root so a phone paints it before any script has
// arrived (issue 19, decision 023). main.tsx then hydrates it: the
// tree here must stay the one main.tsx renders (the same providers and routes), or React draws the screen anew.
// Also the signed-in frames, which index.html carries in a template for a returning admin or superadmin
// (decision 030) and customer (decision 031): React draws over them, so they must be what SignedInFrame and
// the screen render while the screen's data loads.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { AppRoutes, routes, type LazyRouteHandle } from './app/router';
import { SignedInFrame } from './app/routes/signed-in-layout';
import { ShopPage } from './app/routes/user/shop';
import { HeadedScreenLoader } from './components/layout/headed-screen';
import { FirstCardSlot } from './features/items/components/first-card-slot';
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

/** The users whose first screen is drawn from the page: staff (decision 030), customers at the shop (decision 031). */
export const PRERENDERED_FRAME_USER_TYPES = ['admin', 'superadmin', 'customer'] as const;
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
 * The signed-in frame of a user type around its home screen as it first renders, in English (the settings, the
 * inbox and the screen's data not yet loaded): a staff user's heading and 'Loading...'; a customer's shop
 * heading, banner and search above the grid's empty slot, where the page draws the first card
 * (draw-first-card.ts). Nothing personal: the frame shows no name, and the page gives every visitor the same
 * template.
 */
export async function renderFrame(userType: PrerenderedFrameUserType): Promise<string> {
  await loadScreenCatalogs();
  const home = homePathFor(userType)!;
  let screen: ReactNode;
  if (userType === 'customer') {
    screen = (
      <ShopPage rate={undefined} search="" onSearch={() => undefined}>
        <FirstCardSlot />
      </ShopPage>
    );
  } else {
    const headingId = headedRoutes()[home];
    if (!headingId) throw new Error(`${home} opens with no heading to prerender`);
    screen = <HeadedScreenLoader headingId={headingId} />;
  }
  const session = { token: '', _id: '', username: '', partyName: '', userType, isPasswordReset: true };
  return renderAt(
    home,
    // A client of its own: nothing is fetched while rendering to a string, every answer is still to come.
    <QueryClientProvider client={new QueryClient()}>
      <SignedInFrame session={session}>{screen}</SignedInFrame>
    </QueryClientProvider>,
  );
}
