// `npm run docs:routes`: writes docs/routes.md and route-summaries.json from the route table and the contract
// comments of the files that declare each route. api-reference.test.ts fails when either is out of date.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config';
import { routeTable } from '../../routes';
import {
  readSummaries,
  REPOSITORY_ROOT,
  ROUTES_MARKDOWN_FILE,
  routesMarkdown,
  SUMMARIES_FILE,
  summariesJson,
} from './route-index';

// Declaring routes reads only the configuration (what their notifications deliver), not the database: the table
// is built without one, from a default configuration.
const routes = routeTable({ config: loadConfig({}) } as never);
const summaries = readSummaries(routes);
writeFileSync(ROUTES_MARKDOWN_FILE, routesMarkdown(routes, summaries));
writeFileSync(SUMMARIES_FILE, summariesJson(summaries));
for (const file of [ROUTES_MARKDOWN_FILE, SUMMARIES_FILE]) console.log(`wrote ${path.relative(REPOSITORY_ROOT, file)}`);
console.log(`${routes.length} routes`);
