import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { keepPrerenderedLogin } from '../src/lib/prerender/keep-prerendered-login';
import { compiledCatalogs } from './compiled-catalogs';
import { inlineScript } from './inline-script';

/** The inline script after #root that keeps the prerendered login only where it is the screen to show. */
export const KEEP_LOGIN_SCRIPT = inlineScript('keep-login', keepPrerenderedLogin);

const EMPTY_ROOT = '<div id="root"></div>';
const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;

/**
 * The entry's stylesheet inside the login page rather than linked: the prerendered screen then paints when
 * the page itself has arrived, one round trip sooner on a phone. Its rules have no url(), so nothing in it depends on where it lives.
 * `data-inline-of` names the file it came from, so the lazily loaded screens that list it do not fetch and
 * apply it a second time (build/inline-stylesheets-known.ts, decision 027).
 */
function inlineEntryStylesheet(html: string, outDir: string): string {
  const link = ENTRY_STYLESHEET.exec(html);
  if (!link) throw new Error('index.html links no entry stylesheet');
  const css = readFileSync(path.join(outDir, link[1]!), 'utf8');
  if (css.includes('url(')) throw new Error(`${link[1]} has url() references: inlining it would break them`);
  return html.replace(link[0], () => `<style data-inline-of="/${link[1]}">${css}</style>`);
}

/**
 * Renders the login screen to HTML with React's server renderer (src/prerender.tsx, built for Node into a
 * temporary folder) and puts it inside index.html's #root, followed by KEEP_LOGIN_SCRIPT (issue 19,
 * decision 023): the login page paints from HTML and CSS before any script has run.
 */
export async function prerenderLogin(outDir: string, clientRoot: string): Promise<void> {
  // Inside the client's folder: the built module imports React and Mantine from its node_modules.
  const cacheDir = path.join(clientRoot, 'node_modules', '.cache');
  mkdirSync(cacheDir, { recursive: true });
  const serverOut = mkdtempSync(path.join(cacheDir, 'prerender-'));
  try {
    await build({
      root: clientRoot,
      configFile: false,
      logLevel: 'silent',
      mode: 'production',
      plugins: [compiledCatalogs()],
      build: { ssr: 'src/prerender.tsx', outDir: serverOut, emptyOutDir: true, minify: false },
    });
    const module = (await import(pathToFileURL(path.join(serverOut, 'prerender.js')).href)) as {
      renderLoginScreen: () => string;
    };
    const html = module.renderLoginScreen();
    const indexFile = path.join(outDir, 'index.html');
    const index = readFileSync(indexFile, 'utf8');
    if (!index.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}`);
    const withScreen = index.replace(EMPTY_ROOT, `<div id="root">${html}</div><script>${KEEP_LOGIN_SCRIPT}</script>`);
    writeFileSync(indexFile, inlineEntryStylesheet(withScreen, outDir));
  } finally {
    rmSync(serverOut, { recursive: true, force: true });
  }
}
