// Server and validation messages are written in English where they arise (zod schemas in common/, errors in
// server/); the answer, and a form showing a client-side check, put them in the reader's language through one
// map from the English text to its translation (locales/hi/messages.json). A key may hold {placeholders}
// for the parts that vary ("Bill number {billNumber} already exists"); the translation uses the same names.

export type MessageMap = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Template = { pattern: RegExp; names: string[]; translation: string };

function compileTemplates(map: MessageMap): Template[] {
  const templates: Template[] = [];
  for (const [english, translation] of Object.entries(map)) {
    const names = [...english.matchAll(PLACEHOLDER)].map((match) => match[1]!);
    if (names.length === 0) continue;
    const source = english
      .split(PLACEHOLDER)
      .map((part, index) => (index % 2 === 1 ? '([\\s\\S]+?)' : escapeRegExp(part)))
      .join('');
    templates.push({ pattern: new RegExp(`^${source}$`), names, translation });
  }
  // Longer (more specific) templates first, so "Row {row}: {problem}" does not swallow a fuller sentence.
  return templates.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
}

/**
 * A function from an English message to its translation; a message the map does not know stays English
 * (the catalogue test and the Hindi fuzz find those). A placeholder's value is itself translated when the map
 * knows it ("Row 3: Username is required" → the row sentence around the translated problem).
 */
export function createMessageLocalizer(map: MessageMap): (message: string) => string {
  const templates = compileTemplates(map);
  const localize = (message: string, depth: number): string => {
    const exact = map[message];
    if (exact !== undefined) return exact;
    if (depth > 2) return message;
    for (const { pattern, names, translation } of templates) {
      const match = pattern.exec(message);
      if (!match) continue;
      const values = new Map(names.map((name, index) => [name, match[index + 1]!]));
      return translation.replace(PLACEHOLDER, (whole, name: string) => {
        const value = values.get(name);
        return value === undefined ? whole : localize(value, depth + 1);
      });
    }
    return message;
  };
  return (message) => localize(message, 0);
}
