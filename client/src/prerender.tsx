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
import { ProductSlot, ShopFirstCardSlot } from './features/items/components/first-item-slot';
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

/**
 * The frames drawn from the page, by the name the keeper looks them up by: a staff user type's (decision 030),
 * and a customer's shop ("customer") and product page ("customer-product", decision 031).
 */
export const PRERENDERED_FRAMES = ['admin', 'superadmin', 'customer', 'customer-product'] as const;
export type PrerenderedFrame = (typeof PRERENDERED_FRAMES)[number];

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
 * A signed-in frame around a screen as it first renders, in English (the settings, the inbox and the screen's
 * data not yet loaded): a staff user's home heading and 'Loading...'; a customer's shop heading, banner and
 * search above the grid's blank first card, or a product page's blank picture and heading, which the page fills
 * (draw-first-item.ts). Nothing personal: the frame shows no name, and the page gives every visitor the same
 * template.
 */
export async function renderFrame(name: PrerenderedFrame): Promise<string> {
  await loadScreenCatalogs();
  const userType = name === 'customer-product' ? 'customer' : name;
  let path = homePathFor(userType)!;
  let screen: ReactNode;
  if (name === 'customer') {
    screen = (
      <ShopPage rate={undefined} search="" onSearch={() => undefined}>
        <ShopFirstCardSlot />
      </ShopPage>
    );
  } else if (name === 'customer-product') {
    path = '/product/item';
    screen = <ProductSlot />;
  } else {
    const headingId = headedRoutes()[path];
    if (!headingId) throw new Error(`${path} opens with no heading to prerender`);
    screen = <HeadedScreenLoader headingId={headingId} />;
  }
  const session = { token: '', _id: '', username: '', partyName: '', userType, isPasswordReset: true };
  return renderAt(
    path,
    // A client of its own: nothing is fetched while rendering to a string, every answer is still to come.
    <QueryClientProvider client={new QueryClient()}>
      <SignedInFrame session={session}>{screen}</SignedInFrame>
    </QueryClientProvider>,
  );
}
