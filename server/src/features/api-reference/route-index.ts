import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TableRoute } from '../../lib/route';
import { openApiPath, routeKey } from './openapi';

// docs/routes.md and route-summaries.json, written by `npm run docs:routes` (write-route-index.ts) and checked
// by api-reference.test.ts: where each URL is declared (its folder is not always the URL's first segment)
// and what its contract comment says. Runs from the sources only, never in the built server.

/** The repository's root, from this file's place in it. */
export const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const ROUTES_MARKDOWN_FILE = path.join(REPOSITORY_ROOT, 'docs', 'routes.md');
export const SUMMARIES_FILE = path.join(REPOSITORY_ROOT, 'server/src/features/api-reference/route-summaries.json');

/** Where a feature's routes are declared, relative to the repository's root (routes.ts tags each list). */
export const declaringFile = (feature: string) => `server/src/features/${feature}/${feature}.routes.ts`;

export type DeclaredRoute = { method: string; path: string; comment: string };

/**
 * Every defineRoute of one routes file with the comment block right above it (house style 4.5.10: each route
 * starts with its contract comment, `// METHOD /api/path (roles) - what it does`).
 */
export function declaredRoutes(source: string): DeclaredRoute[] {
  const lines = source.split('\n');
  const found: DeclaredRoute[] = [];
  lines.forEach((line, index) => {
    if (!/\bdefineRoute\(\{/.test(line)) return;
    const comment: string[] = [];
    for (let above = index - 1; above >= 0; above -= 1) {
      const match = /^\s*\/\/\s?(.*)$/.exec(lines[above]!);
      if (!match) break;
      comment.unshift(match[1]!.trim());
    }
    // The declaration's own method and path: the first of each after `defineRoute({`.
    const rest = lines.slice(index).join('\n');
    const method = /\bmethod:\s*'(\w+)'/.exec(rest)?.[1];
    const routePath = /\bpath:\s*'([^']+)'/.exec(rest)?.[1];
    if (method && routePath) found.push({ method, path: routePath, comment: comment.join(' ') });
  });
  return found;
}

/** A contract comment without its `METHOD /api/path (roles) - ` head, which the reference shows anyway. */
export function summaryOf(comment: string): string {
  const head = /^(?:GET|POST|PUT|PATCH|DELETE)\s+\S+\s*(?:\([^)]*\))?\s*(?:-\s*)?/.exec(comment);
  return (head ? comment.slice(head[0].length) : comment).trim();
}

/** The summary of every route of the table, keyed `METHOD /path`, read from the files that declare them. */
export function readSummaries(routes: TableRoute[]): Record<string, string> {
  const sources = new Map<string, DeclaredRoute[]>();
  const summaries: Record<string, string> = {};
  for (const route of routes) {
    const file = declaringFile(route.feature);
    if (!sources.has(file)) sources.set(file, declaredRoutes(readFileSync(path.join(REPOSITORY_ROOT, file), 'utf8')));
    const declared = sources.get(file)!.find((entry) => entry.method === route.method && entry.path === route.path);
    if (!declared) throw new Error(`${routeKey(route)} is not declared in ${file}: tag its list in routes.ts with its folder`);
    const summary = summaryOf(declared.comment);
    if (summary) summaries[routeKey(route)] = summary;
  }
  return Object.fromEntries(Object.entries(summaries).sort(([a], [b]) => a.localeCompare(b)));
}

export const summariesJson = (summaries: Record<string, string>) => `${JSON.stringify(summaries, null, 2)}\n`;

const roles = (route: TableRoute) => (route.access === 'public' ? 'public' : route.access.join(', '));
const cell = (text: string) => text.replaceAll('|', '\\|');
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

/** docs/routes.md: one row per route, sorted by URL, with who may call it and the file that declares it. */
export function routesMarkdown(routes: TableRoute[], summaries: Record<string, string>): string {
  const sorted = [...routes].sort(
    (a, b) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
  const rows = sorted.map((route) => {
    const file = declaringFile(route.feature);
    const link = `[${route.feature}](../${file})`;
    return `| ${route.method.toUpperCase()} | \`${openApiPath(route.path)}\` | ${roles(route)} | ${link} | ${cell(summaries[routeKey(route)] ?? '')} |`;
  });
  return [
    '# API routes',
    '',
    'Generated from the route table (`server/src/routes.ts`) by `npm run docs:routes`; a test fails when it is out',
    'of date, so do not edit it by hand. A URL’s folder is not always its first segment (checkout is declared',
    'in orders). The full reference, with every parameter and body field, is served at `/api/openapi.json` and',
    'shown at `/api/docs`.',
    '',
    `${routes.length} routes.`,
    '',
    '| Method | Path | Roles | Declared in | What it does |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
