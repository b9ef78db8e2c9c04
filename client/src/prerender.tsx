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
import { FIRST_SCREENS, HEADED_SCREEN_FRAMES } from './app/first-screens';
import { AppRoutes, routes, type LazyRouteHandle } from './app/router';
import { SignedInFrame } from './app/routes/signed-in-layout';
import { ShopPage } from './app/routes/user/shop';
import { HeadedScreen, type ScreenOpening } from './components/layout/headed-screen';
import { PageLoader } from './components/ui/page-loader';
import { ProductSlot, ShopFirstCardSlot } from './features/items/components/first-item-slot';
import type { FirstScreenPlan } from './lib/early-requests/first-screen-plan';
import { paths, staffTypeOfPath } from './config/paths';
import { homePathFor } from './lib/home-path';
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
 * and the first screens' own (app/first-screens.ts): a customer's shop ("customer") and product page
 * ("customer-product", decision 031).
 */
export const PRERENDERED_FRAMES: readonly string[] = [
  ...HEADED_SCREEN_FRAMES,
  ...FIRST_SCREENS.flatMap(({ frame }) => (frame ? [frame] : [])),
];

/** What a first screen's frame draws inside the signed-in frame, by the frame's name (FIRST_SCREENS). */
const FIRST_SCREEN_SLOTS: Record<string, ReactNode> = {
  'customer-shop': (
    <ShopPage rate={undefined} search="" onSearch={() => undefined}>
      <ShopFirstCardSlot />
    </ShopPage>
  ),
  'customer-product': <ProductSlot />,
};

/**
 * The plan of the page's inline scripts, derived from the screens' loaders (app/first-screen-plan.ts). The screens'
 * modules and the loaders read `window` (the early answers they take are kept there, the session's storage events
 * are listened to), which Node has not: the global object stands in for it, listening to nothing, while they load
 * and run.
 */
export async function firstScreenPlan(): Promise<FirstScreenPlan> {
  const global = globalThis as { window?: unknown; addEventListener?: unknown; removeEventListener?: unknown };
  const standIn = !('window' in global);
  if (standIn)
    Object.assign(global, { window: globalThis, addEventListener: () => undefined, removeEventListener: () => undefined });
  try {
    const { firstScreenPlan: derive } = await import('./app/first-screen-plan');
    return await derive();
  } finally {
    if (standIn) {
      delete global.window;
      delete global.addEventListener;
      delete global.removeEventListener;
    }
  }
}

/** Every path of router.tsx that opens with a heading (screen()'s opening), with that heading's id and its lead's. */
function headedRoutes(): Record<string, ScreenOpening> {
  const openings: Record<string, ScreenOpening> = {};
  const visit = (route: RouteObject) => {
    const { headingId, leadId } = (route.handle as LazyRouteHandle | undefined) ?? {};
    if (route.path && headingId) openings[route.path] = { headingId, leadId };
    route.children?.forEach(visit);
  };
  routes.forEach(visit);
  return openings;
}

/**
 * Spec §2: the screens a user type opens. /admin-… are an admin's, /superadmin-… a superadmin's, Help everyone's, and
 * every other screen a customer's: a frame is drawn only at its own user type's addresses.
 */
function opensFor(userType: string, path: string): boolean {
  const staffType = staffTypeOfPath(path);
  if (staffType) return staffType === userType;
  return userType === 'customer' || path === paths.help.path;
}

/**
 * For each user type with a headed frame (HEADED_SCREEN_FRAMES), every path of theirs that opens with a heading,
 * with that heading in English: the keeper writes it into the frame. A heading that greets the user keeps its
 * `{name}`, which the keeper fills with the name the session keeps.
 */
export async function headedScreenHeadings(): Promise<Record<string, Record<string, string>>> {
  await loadScreenCatalogs();
  const openings = Object.entries(headedRoutes());
  return Object.fromEntries(
    HEADED_SCREEN_FRAMES.map((userType) => [
      userType,
      Object.fromEntries(
        openings
          .filter(([path]) => opensFor(userType, path))
          .map(([path, { headingId }]) => [path, i18n._(headingId, { name: NAME_MARK })]),
      ),
    ]),
  );
}

/** Every path whose screen opens with a lead under its heading, with that lead in English (the keeper writes it too). */
export async function headedScreenLeads(): Promise<Record<string, string>> {
  await loadScreenCatalogs();
  return Object.fromEntries(
    Object.entries(headedRoutes()).flatMap(([path, { leadId }]) => (leadId ? [[path, i18n._(leadId)]] : [])),
  );
}

/** Where a heading names the user, as the page carries it (keep-prerendered-screen.ts replaces it). */
const NAME_MARK = '{name}';

/**
 * A signed-in frame around a screen as it first renders, in English (the settings, the inbox and the screen's
 * data not yet loaded): a staff user's home heading and 'Loading...'; a customer's shop heading, banner and
 * search above the grid's blank first card, or a product page's blank picture and heading, which the page fills
 * (draw-first-item.ts). Nothing personal: the frame shows no name, and the page gives every visitor the same
 * template.
 */
export async function renderFrame(name: string): Promise<string> {
  await loadScreenCatalogs();
  const firstScreen = FIRST_SCREENS.find(({ frame }) => frame === name);
  const userType = firstScreen?.userType ?? name;
  let screen: ReactNode;
  let path: string;
  if (firstScreen) {
    // A first screen's frame holds the screen's own layout with the slot the page's script fills.
    const slot = FIRST_SCREEN_SLOTS[name];
    if (!slot) throw new Error(`the first screen's frame "${name}" has no slot to prerender`);
    screen = slot;
    path = firstScreen.path.replace(/:[^/]+/g, 'item');
  } else {
    // Drawn at the user type's home when it opens with a heading (the staff's), else at the first of its first
    // screens that does (a customer's profile): the keeper writes the address's own heading and lead in.
    const openings = headedRoutes();
    const candidates = [
      homePathFor(userType)!,
      ...FIRST_SCREENS.filter((first) => first.userType === userType).map((first) => first.path),
    ];
    path = candidates.find((candidate) => openings[candidate]) ?? '';
    const opening = openings[path];
    if (!opening) throw new Error(`no screen of ${userType} opens with a heading to prerender`);
    // The lead's place is always there; the keeper fills it, or removes it for a screen without one.
    screen = (
      <HeadedScreen heading={i18n._(opening.headingId)} lead=" " busy>
        <PageLoader />
      </HeadedScreen>
    );
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
