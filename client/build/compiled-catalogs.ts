import { readFileSync } from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

// The catalogues (common/src/i18n/locales/<language>/<area>.json) hold ICU messages. Lingui's runtime in a
// production build reads them compiled; compiling in the browser would add its parser (about 7 KB gzip) to
// the login route. So a catalogue imported by the client is compiled here, at build time (and in the screen
// tests): the import resolves to a module id that is not a .json (so Vite's JSON plugin leaves it alone) and
// loads as `export default { id: compiled message }`. messages.json is not ICU (see localize-message.ts) and
// stays plain JSON.
const CATALOG = /[/\\]i18n[/\\]locales[/\\][a-z]+[/\\](?!messages\.json)[\w-]+\.json$/;
const SUFFIX = '.compiled.js';

export function compiledCatalogs(): Plugin {
  return {
    name: 'compiled-catalogs',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('.json')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !CATALOG.test(resolved.id)) return null;
      return `${resolved.id}${SUFFIX}`;
    },
    load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]));
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
