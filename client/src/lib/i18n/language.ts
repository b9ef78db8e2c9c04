import { DEFAULT_LANGUAGE, LANGUAGES, LOCALE_OF, createMessageLocalizer, setDisplayLocale, type Language } from '@app/common';
import { i18n } from '@lingui/core';
import { englishCore, loadEnglishScreens, loadHindi, screenAreasFor, type ScreenArea } from './catalogs';

// Contract "language and notifications": the language is the user's (stored on the server, answered at login
// and by the profile) and, before anyone signs in, this device's last choice or the browser's own language.
// One Lingui instance holds the catalogues; activating a language re-renders every translated text.

/** Where the reader's language is kept; the page's inline scripts read it too (app/first-screen-plan.ts). */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language | undefined {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The language to open in: this device's last one, else Hindi for a browser set to Hindi, else English. */
export function initialLanguage(): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return browser.some((tag) => tag?.toLowerCase().startsWith('hi')) ? 'hi' : DEFAULT_LANGUAGE;
}

i18n.load('en', englishCore);
i18n.activate('en');

/** The screen areas asked for on this page (loadScreenCatalogs), and those loaded in each language. */
const wantedAreas = new Set<ScreenArea>();
const loadedAreas: Record<Language, Set<ScreenArea>> = { en: new Set(), hi: new Set() };
let hindiCoreLoaded = false;
let localizeHindi: (message: string) => string = (message) => message;

async function ensureLoaded(language: Language): Promise<void> {
  const missing = [...wantedAreas].filter((area) => !loadedAreas[language].has(area));
  if (language === 'hi') {
    if (hindiCoreLoaded && missing.length === 0) return;
    const catalog = await loadHindi(missing, !hindiCoreLoaded);
    i18n.load('hi', catalog.messages);
    if (catalog.serverMessages) localizeHindi = createMessageLocalizer(catalog.serverMessages);
    hindiCoreLoaded = true;
  } else {
    if (missing.length === 0) return;
    i18n.load('en', (await loadEnglishScreens(missing)).messages);
  }
  for (const area of missing) loadedAreas[language].add(area);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/**
 * Shows the portal in `language` from now on: loads its words, remembers the choice on this device, and sets
 * the page's lang and the locale of numbers and dates.
 */
let activations = 0;

/** How many times a language has been activated on this page: a later choice beats an earlier answer. */
export function languageActivations(): number {
  return activations;
}

export async function activateLanguage(language: Language): Promise<void> {
  activations += 1;
  // Remembered first: a page loaded while the words are still downloading opens in the chosen language.
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage disabled: the choice lasts for this visit (and follows the user from the server after sign-in).
  }
  await ensureLoaded(language);
  setDisplayLocale(LOCALE_OF[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  i18n.activate(language);
}

/**
 * Before a signed-in screen renders: the words of the screens of this kind of user (screenAreasFor: a
 * customer's screens need fewer), in the current language. Called with no user: every area.
 */
export function loadScreenCatalogs(userType?: string): Promise<void> {
  for (const area of screenAreasFor(userType)) wantedAreas.add(area);
  return ensureLoaded(currentLanguage());
}

/** A message from the server or a shared validation rule, in the current language. */
export function localizeMessage(message: string): string {
  return currentLanguage() === 'hi' ? localizeHindi(message) : message;
}

export { i18n };
