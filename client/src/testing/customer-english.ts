// The file's own text: a plain import of a catalogue arrives compiled (build/compiled-catalogs.ts).
import customerCatalogue from '@app/common/i18n/locales/en/customer.json?raw';

const customerEnglish = JSON.parse(customerCatalogue) as Record<string, string>;

/**
 * The fixed words of the English customer catalogue: each message cut at its placeholders, keeping the
 * pieces that hold a word (4 letters or more), e.g. "Earn 1 point for billing of every Rs." Plural messages
 * are left out (their words sit inside the ICU syntax).
 */
const ENGLISH_PIECES: string[] = [
  ...new Set(
    Object.values(customerEnglish)
      .filter((message) => !message.includes(', plural,'))
      .flatMap((message) => message.split(/\{[^}]*\}/))
      .map((piece) => piece.replace(/^[\s"():,.]+|[\s"():,.]+$/g, ''))
      .filter((piece) => /[A-Za-z]{4}/.test(piece)),
  ),
];

/** What a person can read or hear in `root`: its text and the names and hints held in attributes. */
function readable(root: HTMLElement): string {
  const attributes = [...root.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap((element) =>
    ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
  );
  return [root.textContent ?? '', ...attributes].join('\n');
}

/** The English customer texts still shown in `root` (a screen in Hindi should show none). */
export function englishCustomerTexts(root: HTMLElement): string[] {
  const shown = readable(root);
  return ENGLISH_PIECES.filter((piece) =>
    new RegExp(`(^|[^A-Za-z])${piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z])`).test(shown),
  );
}
