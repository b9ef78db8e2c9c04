import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@app/common';
import { CATALOG_AREAS } from '@app/common/i18n';

// Issue 18: "a test that fails when a key exists in one language and not the other". Each area's catalogue in
// every language holds the same keys, every message compiles as ICU, the placeholders match (a Hindi sentence
// that drops {points} would show a number nobody explains), and a Hindi text is written in Hindi.

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../common/src/i18n/locales');
const readCatalog = (language: string, area: string) =>
  JSON.parse(readFileSync(path.join(localesDir, language, `${area}.json`), 'utf8')) as Record<string, string>;

/** The names of an ICU message's arguments: {name}, {count, plural, …}, {when, date}. */
function argumentNames(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      if (typeof token[0] === 'string') names.add(token[0]);
      for (const part of token.slice(1)) {
        if (part && typeof part === 'object' && !Array.isArray(part)) for (const branch of Object.values(part)) visit(branch);
        else visit(part);
      }
    }
  };
  const compiled = compileMessage(message);
  visit(typeof compiled === 'string' ? [] : compiled);
  return [...names].sort();
}

const DEVANAGARI = /[\u0900-\u097F]/;
// Names that read the same in both languages: a language's own name, file formats, brands.
const KEPT_AS_IS = new Set(['English', 'Excel', 'WhatsApp', 'SMS', 'CSV', 'JPEG', 'PNG', 'WebP', 'GIF', 'ID', 'OK']);
const needsHindi = (english: string) =>
  (english.replace(/\{[^}]*\}/g, '').match(/[A-Za-z]{2,}/g) ?? []).some((word) => !KEPT_AS_IS.has(word) && /[a-z]/.test(word));

describe.each(CATALOG_AREAS)('the %s catalogue', (area) => {
  const english = readCatalog('en', area);

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'when compared with %s, then both hold the same keys',
    (language) => {
      const other = readCatalog(language, area);
      const missing = Object.keys(english).filter((key) => !(key in other));
      const extra = Object.keys(other).filter((key) => !(key in english));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    },
  );

  it('when each message is compiled, then it is valid ICU with the same placeholders in Hindi, written in Devanagari', () => {
    const hindi = readCatalog('hi', area);
    const problems: string[] = [];
    for (const [key, englishText] of Object.entries(english)) {
      const hindiText = hindi[key];
      if (hindiText === undefined) continue;
      if (englishText.trim() === '' || hindiText.trim() === '') problems.push(`${key}: empty`);
      let englishNames: string[] = [];
      let hindiNames: string[] = [];
      try {
        englishNames = argumentNames(englishText);
        hindiNames = argumentNames(hindiText);
      } catch (error) {
        problems.push(`${key}: ${(error as Error).message}`);
        continue;
      }
      if (englishNames.join() !== hindiNames.join()) {
        problems.push(`${key}: placeholders ${englishNames.join(',')} in English, ${hindiNames.join(',')} in Hindi`);
      }
      // A word of English carried over untranslated; texts without words (a "₹{amount}") need none.
      if (needsHindi(englishText) && !DEVANAGARI.test(hindiText)) {
        problems.push(`${key}: the Hindi "${hindiText}" has no Hindi in it`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('when a message holds a number, then it comes written (no "#", no {n, number}): Lingui would load Intl for it', () => {
    // Decision 028: a page's first Intl formatter loads the browser's locale data in the middle of the first
    // render; numbers are written by @app/common's formatters, which need none for the contract's languages.
    const problems: string[] = [];
    for (const language of LANGUAGES)
      for (const [key, text] of Object.entries(readCatalog(language, area)))
        if (/#|\{\s*\w+\s*,\s*(?:number|date|time)\b/.test(text)) problems.push(`${language} ${key}: ${text}`);
    expect(problems).toEqual([]);
  });
});

describe('the catalogues together', () => {
  it('when the areas are merged into one language, then no key is defined by two areas (the later would win silently)', () => {
    const owners = new Map<string, string[]>();
    for (const area of CATALOG_AREAS) {
      for (const key of Object.keys(readCatalog('en', area))) owners.set(key, [...(owners.get(key) ?? []), area]);
    }
    expect([...owners].filter(([, areas]) => areas.length > 1).map(([key, areas]) => `${key}: ${areas.join(', ')}`)).toEqual([]);
  });
});
