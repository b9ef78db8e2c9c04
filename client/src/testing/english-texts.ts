// The catalogues as written (ICU text): imported as .json they arrive compiled (build/compiled-catalogs.ts).
import staffEnText from '@app/common/i18n/locales/en/staff.json?raw';
import staffHiText from '@app/common/i18n/locales/hi/staff.json?raw';

type Catalogue = Record<string, string>;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A message's English forms: the branches of a whole-message plural, or the message itself. */
function forms(message: string): string[] {
  const plural = /^\{\w+, plural, one \{(.*?)\} other \{(.*)\}\}$/.exec(message);
  return plural ? [plural[1]!, plural[2]!] : [message];
}

/**
 * One pattern per English text of a catalogue that Hindi says differently: the whole text, its {values} as
 * wildcards. Texts made only of values ("{action} {entity}") say no English words and are left out.
 */
function englishPatterns(english: Catalogue, hindi: Catalogue): { id: string; pattern: RegExp }[] {
  return Object.entries(english).flatMap(([id, message]) => {
    if (hindi[id] === message) return [];
    return forms(message)
      .filter((form) => /[A-Za-z]{2,}/.test(form.replace(/\{\w+\}/g, '')))
      .map((form) => ({
        id,
        pattern: new RegExp(
          `^${form
            .split(/\{\w+\}/)
            .map(escapeRegExp)
            .join('.+')}$`,
        ),
      }));
  });
}

const STAFF_PATTERNS = englishPatterns(JSON.parse(staffEnText) as Catalogue, JSON.parse(staffHiText) as Catalogue);

/**
 * Every text a person can see or hear inside `container` (an element's whole text, and its aria-label,
 * title, placeholder and alt) that is one of the staff catalogue's English texts: empty when the screen
 * reads wholly in the other language.
 */
export function staffEnglishIn(container: Element): string[] {
  const found = new Set<string>();
  for (const element of [container, ...container.querySelectorAll('*')]) {
    const texts = [
      element.textContent,
      ...['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name)),
    ];
    for (const text of texts) {
      const trimmed = text?.replace(/\s+/g, ' ').trim();
      if (!trimmed) continue;
      for (const { id, pattern } of STAFF_PATTERNS) {
        if (pattern.test(trimmed)) found.add(`${id}: ${trimmed}`);
      }
    }
  }
  return [...found];
}
