import type { Messages } from '@lingui/core';
import coreEn from '@app/common/i18n/locales/en/core.json';

// What each language's words cost and when they arrive (route budgets, build/route-budgets.ts): English core
// (the login screen and the frame) ships in the entry; the words of the screens past the login arrive with the
// first signed-in screen, only the areas the reader's screens use (a dealer's phone never evaluates the staff
// screens' words); Hindi's core and the server's messages arrive the first time Hindi is needed, its screens'
// areas as for English.

/** Every id a screen may ask for: a key of the English catalogues (the parity test keeps Hindi in step). */
export type MessageId = Extract<
  keyof (typeof coreEn &
    typeof import('@app/common/i18n/locales/en/frame.json') &
    typeof import('@app/common/i18n/locales/en/customer.json') &
    typeof import('@app/common/i18n/locales/en/staff.json') &
    typeof import('@app/common/i18n/locales/en/operations.json')),
  string
>;

/** The catalogues of the screens past the login (common/src/i18n/locales/<language>/<area>.json). */
export type ScreenArea = 'frame' | 'customer' | 'staff' | 'operations';

/**
 * The areas each reader's screens read. A customer's screens (the shop, the product page, the cart, the profile…
 * and the frame) use no word of the staff screens: build/screen-words.test.ts fails when a chunk a customer's
 * screen loads names a key of another area. Staff see the customer's screens' words too (order and tier names).
 */
export const SCREEN_AREAS = {
  customer: ['frame', 'customer'],
  staff: ['frame', 'customer', 'staff', 'operations'],
} as const satisfies Record<string, readonly ScreenArea[]>;

/** The areas a signed-in user's screens need; with no user known, every area. */
export function screenAreasFor(userType: string | undefined): readonly ScreenArea[] {
  return userType === 'customer' ? SCREEN_AREAS.customer : SCREEN_AREAS.staff;
}

export type LoadedCatalog = {
  /** Lingui's compiled messages (build/compiled-catalogs.ts compiles the JSON at build time). */
  messages: Messages;
  /** English server and validation message → this language (Hindi only). */
  serverMessages?: Record<string, string>;
};

export const englishCore: Messages = coreEn;

type CatalogModule = Promise<{ default: Messages }>;

// An import() of a literal path each: the bundler makes a chunk of each catalogue only there.
const english: Record<ScreenArea, () => CatalogModule> = {
  frame: () => import('@app/common/i18n/locales/en/frame.json'),
  customer: () => import('@app/common/i18n/locales/en/customer.json'),
  staff: () => import('@app/common/i18n/locales/en/staff.json'),
  operations: () => import('@app/common/i18n/locales/en/operations.json'),
};

const hindi: Record<ScreenArea, () => CatalogModule> = {
  frame: () => import('@app/common/i18n/locales/hi/frame.json'),
  customer: () => import('@app/common/i18n/locales/hi/customer.json'),
  staff: () => import('@app/common/i18n/locales/hi/staff.json'),
  operations: () => import('@app/common/i18n/locales/hi/operations.json'),
};

const merged = (modules: { default: Messages }[]): Messages =>
  Object.assign({}, ...modules.map((module) => module.default)) as Messages;

/** The English words of these screen areas. */
export async function loadEnglishScreens(areas: readonly ScreenArea[]): Promise<LoadedCatalog> {
  return { messages: merged(await Promise.all(areas.map((area) => english[area]()))) };
}

/** Hindi's words of these screen areas, with Hindi's core and the server's messages when `withCore`. */
export async function loadHindi(areas: readonly ScreenArea[], withCore: boolean): Promise<LoadedCatalog> {
  const [core, serverMessages, ...screens] = await Promise.all([
    withCore ? import('@app/common/i18n/locales/hi/core.json') : undefined,
    withCore ? import('@app/common/i18n/locales/hi/messages.json') : undefined,
    ...areas.map((area) => hindi[area]()),
  ]);
  return {
    messages: merged([...(core ? [core as { default: Messages }] : []), ...(screens as { default: Messages }[])]),
    ...(serverMessages ? { serverMessages: serverMessages.default } : {}),
  };
}
