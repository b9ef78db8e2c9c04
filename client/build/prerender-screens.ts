import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { drawFirstItem, FIRST_ITEM_HELPERS } from '../src/features/items/draw-first-item';
import type { FirstScreenPlan } from '../src/lib/early-requests/first-screen-plan';
import { startEarlyRequests } from '../src/lib/early-requests/start-early-requests';
import { keepPrerenderedScreen } from '../src/lib/prerender/keep-prerendered-screen';
import { compiledCatalogs } from './compiled-catalogs';
import { inlineScript, inlineScriptWithHelpers } from './inline-script';

/**
 * The inline script in the head: it starts the first screen's requests with the page (decision 023), as the plan
 * derived from the screens' loaders says (app/first-screen-plan.ts).
 */
export const earlyRequestsScript = (plan: FirstScreenPlan) => inlineScript('early-requests', startEarlyRequests, plan);

/**
 * The inline script after #root and the signed-in frames' template: it keeps the prerendered login, or puts a
 * signed-in frame in its place, only where that is the screen to show.
 */
export const keepScreenScript = (plan: FirstScreenPlan) => inlineScript('keep-screen', keepPrerenderedScreen, plan);

/**
 * The inline script after the keeper: a customer's first item, drawn into their frame (decision 031), by the
 * screens' own rules (FIRST_ITEM_HELPERS: the picture's attributes, the in-stock filter, the product's address).
 */
export const FIRST_ITEM_SCRIPT = inlineScriptWithHelpers('first-item', drawFirstItem, FIRST_ITEM_HELPERS);

/** The template holding the signed-in frames, by user type, and the headings and leads by path (keep-prerendered-screen.ts). */
export const FRAMES_TEMPLATE_ID = 'prerendered-frames';

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

/** Text as the value of a double-quoted HTML attribute. */
const attributeValue = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

type PrerenderModule = {
  firstScreenPlan: () => Promise<FirstScreenPlan>;
  renderLoginScreen: () => string;
  renderFrame: (name: string) => Promise<string>;
  headedScreenHeadings: () => Promise<Record<string, Record<string, string>>>;
  headedScreenLeads: () => Promise<Record<string, string>>;
  PRERENDERED_FRAMES: readonly string[];
};

/**
 * Renders the login screen and the signed-in frames to HTML with React's server renderer (src/prerender.tsx, built
 * for Node into a temporary folder): the login inside index.html's #root (issue 19, decision 023), so the login
 * page paints from HTML and CSS before any script has run; the signed-in frames in a template after it, for a
 * returning admin or superadmin (decision 030) or customer (decision 031); then the keeper, which leaves in #root
 * what the visit shows, and FIRST_ITEM_SCRIPT, which draws a customer's first item into their frame. The same module
 * derives the first screens' plan (app/first-screen-plan.ts) from the screens' loaders: the head's early-requests script
 * and the keeper follow it.
 */
export async function prerenderScreens(outDir: string, clientRoot: string): Promise<void> {
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
    const module = (await import(pathToFileURL(path.join(serverOut, 'prerender.js')).href)) as PrerenderModule;
    const plan = await module.firstScreenPlan();
    const login = module.renderLoginScreen();
    const frames: string[] = [];
    for (const name of module.PRERENDERED_FRAMES) {
      frames.push(`<div data-frame-of="${name}">${await module.renderFrame(name)}</div>`);
    }
    const headings = attributeValue(JSON.stringify(await module.headedScreenHeadings()));
    const leads = attributeValue(JSON.stringify(await module.headedScreenLeads()));
    const template = `<template id="${FRAMES_TEMPLATE_ID}" data-headings="${headings}" data-leads="${leads}">${frames.join('')}</template>`;
    const indexFile = path.join(outDir, 'index.html');
    const index = readFileSync(indexFile, 'utf8');
    if (!index.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}`);
    if (!index.includes('</head>')) throw new Error('index.html has no </head>');
    const withScreens = index
      .replace('</head>', () => `<script>${earlyRequestsScript(plan)}</script></head>`)
      .replace(
        EMPTY_ROOT,
        () =>
          `<div id="root">${login}</div>${template}<script>${keepScreenScript(plan)}</script><script>${FIRST_ITEM_SCRIPT}</script>`,
      );
    writeFileSync(indexFile, inlineEntryStylesheet(withScreens, outDir));
  } finally {
    rmSync(serverOut, { recursive: true, force: true });
  }
}
