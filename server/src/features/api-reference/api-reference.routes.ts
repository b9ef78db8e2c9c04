import { openApiAnswer } from '@app/common';
import { JsonAnswer } from '../../lib/json-answer';
import { defineRoute, type RouteDefinition, type TableRoute } from '../../lib/route';
import { openApiDocument } from './openapi';
import summaries from './route-summaries.json';
// The reference carries the server's version, so a reader can tell which build it describes.
import serverPackage from '../../../package.json';

/** `table` is read at the first request, when routes.ts has the whole table, this route included. */
export function apiReferenceRoutes(table: () => TableRoute[]): RouteDefinition[] {
  let answer: JsonAnswer | undefined;
  return [
    // GET /api/openapi.json (public) - the OpenAPI 3.1 description of every route, generated from the route table
    defineRoute({
      method: 'get',
      path: '/openapi.json',
      access: 'public',
      answers: { 200: openApiAnswer },
      // Built once per process: the table does not change while the server runs.
      handler: () =>
        (answer ??= new JsonAnswer(
          openApiDocument(table(), { title: 'Rewards portal', version: serverPackage.version, summaries }),
        )),
    }),
  ];
}
