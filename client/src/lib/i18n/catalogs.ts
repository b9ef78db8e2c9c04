import type { Messages } from '@lingui/core';
import coreEn from '@app/common/i18n/locales/en/core.json';

// What each language's words cost and when they arrive (route budgets, build/route-budgets.ts): English core
// (the login screen and the frame) ships in the entry; English screens arrive with the first signed-in screen;
// Hindi arrives whole (core, screens and the server's messages) in one chunk the first time it is needed.

/** Every id a screen may ask for: a key of the English catalogues (the parity test keeps Hindi in step). */
export type MessageId = Extract<
  keyof (typeof coreEn &
    typeof import('@app/common/i18n/locales/en/frame.json') &
    typeof import('@app/common/i18n/locales/en/customer.json') &
    typeof import('@app/common/i18n/locales/en/staff.json') &
    typeof import('@app/common/i18n/locales/en/operations.json')),
  string
>;

export type LoadedCatalog = {
  /** Lingui's compiled messages (build/compiled-catalogs.ts compiles the JSON at build time). */
  messages: Messages;
  /** English server and validation message → this language (Hindi only). */
  serverMessages?: Record<string, string>;
};

export const englishCore: Messages = coreEn;

export async function loadEnglishScreens(): Promise<LoadedCatalog> {
  const areas = await Promise.all([
    import('@app/common/i18n/locales/en/frame.json'),
    import('@app/common/i18n/locales/en/customer.json'),
    import('@app/common/i18n/locales/en/staff.json'),
    import('@app/common/i18n/locales/en/operations.json'),
  ]);
  return { messages: Object.assign({}, ...areas.map((area) => area.default)) as Messages };
}

export async function loadHindi(): Promise<LoadedCatalog> {
  const [serverMessages, ...areas] = await Promise.all([
    import('@app/common/i18n/locales/hi/messages.json'),
    import('@app/common/i18n/locales/hi/core.json'),
    import('@app/common/i18n/locales/hi/frame.json'),
    import('@app/common/i18n/locales/hi/customer.json'),
    import('@app/common/i18n/locales/hi/staff.json'),
    import('@app/common/i18n/locales/hi/operations.json'),
  ]);
  return {
    messages: Object.assign({}, ...areas.map((area) => area.default)) as Messages,
    serverMessages: serverMessages.default,
  };
}
