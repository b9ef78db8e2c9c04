import { apiErrorAnswer } from '@app/common';
import { z, type ZodType } from 'zod';
import type { TableRoute } from '../../lib/route';
import { FileAnswer } from '../../lib/streamed-answer';

// Contract "API reference": an OpenAPI 3.1 description generated from the route table, so it cannot drift
// from what the server enforces: paths, roles, the schemas that parse each request, uploads, the
// Idempotency-Key, the success answer each route declares (its status and fields, issue 31; the test run checks
// every answer against it) and the contract's errors, all in the one error shape.

type JsonSchema = Record<string, unknown>;
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required: boolean; description?: string; schema: JsonSchema };
type Operation = Record<string, unknown>;

/** OpenAPI spells a path parameter {id} where Express spells it :id. */
export const openApiPath = (path: string) => `/api${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

/** The key of a route in the contract comments' map (route-summaries.json) and in tests. */
export const routeKey = (route: Pick<TableRoute, 'method' | 'path'>) => `${route.method.toUpperCase()} ${route.path}`;

/**
 * A request schema as JSON Schema for the values a client sends (`io: 'input'`). Transforms and preprocess
 * steps have no JSON Schema: `unrepresentable: 'any'` describes them as any value rather than throwing.
 */
export function inputJsonSchema(schema: ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/**
 * An answer schema as JSON Schema for the values the server sends (`io: 'output'`). Zod closes every object of
 * an output (`additionalProperties: false`); the reference leaves them open, as the contract's clients read
 * them: a later version may add a field, and a client ignores the fields it does not know.
 */
export function outputJsonSchema(schema: ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
    },
  }) as JsonSchema;
  return rest;
}

/** The named properties of an object schema, also through allOf/anyOf/oneOf (intersections, unions). */
function propertiesOf(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: Set<string> } {
  const properties: Record<string, JsonSchema> = { ...((schema.properties as Record<string, JsonSchema> | undefined) ?? {}) };
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const part of (schema[key] as JsonSchema[] | undefined) ?? []) {
      const inner = propertiesOf(part);
      Object.assign(properties, inner.properties);
      // Only what every branch of an intersection requires is required; a union's branches are alternatives.
      if (key === 'allOf') for (const name of inner.required) required.add(name);
    }
  }
  return { properties, required };
}

function pathParameters(route: TableRoute): Parameter[] {
  const declared = route.request.params ? propertiesOf(inputJsonSchema(route.request.params)).properties : {};
  return [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => ({
    name: name!,
    in: 'path' as const,
    required: true,
    schema: declared[name!] ?? { type: 'string' },
  }));
}

function queryParameters(route: TableRoute): Parameter[] {
  if (!route.request.query) return [];
  const { properties, required } = propertiesOf(inputJsonSchema(route.request.query));
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query' as const,
    required: required.has(name),
    schema,
  }));
}

const IDEMPOTENCY_KEY: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'The same key and body again within 24 hours answer the first result; nothing is done twice.',
  schema: { type: 'string', pattern: '^[\\w-]{8,100}$' },
};

function requestBody(route: TableRoute): Operation | undefined {
  const body = route.request.body ? inputJsonSchema(route.request.body) : undefined;
  if (route.upload) {
    const { properties, required } = propertiesOf(body ?? {});
    const megabytes = Math.round(route.upload.maxBytes / (1024 * 1024));
    return {
      required: true,
      content: {
        'multipart/form-data': {
          // Form fields arrive as text; the schema reads them as the values below.
          schema: {
            type: 'object',
            properties: {
              ...properties,
              [route.upload.field]: {
                type: 'string',
                format: 'binary',
                contentMediaType: 'image/*',
                description: `JPEG, PNG, WebP or GIF, checked by content; at most ${megabytes} MB`,
              },
            },
            required: [...required],
          },
        },
      },
    };
  }
  if (!body) return undefined;
  return { required: true, content: { 'application/json': { schema: body } } };
}

const SUCCESS_DESCRIPTION: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

/** The contract's statuses, each a shared response in components. */
const ERROR_RESPONSES = {
  400: ['BadRequest', 'Invalid input: a malformed body, id, query or upload (never a 500)'],
  401: ['Unauthenticated', 'No, invalid or expired token, or wrong credentials'],
  403: ['Forbidden', 'Signed in but not allowed: another role, a blocked account, another customer’s record'],
  404: ['NotFound', 'Unknown record'],
  409: ['Conflict', 'Conflict with the current state (duplicate, insufficient points, out of stock, a cancelled order)'],
  413: ['PayloadTooLarge', 'Body or upload too large'],
  415: ['UnsupportedMediaType', 'Not an allowed image'],
  429: ['TooManyRequests', 'Too many attempts; Retry-After says when to try again'],
} as const;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** Which of the contract's errors a route can answer, read from its declaration. */
function errorStatuses(route: TableRoute): ErrorStatus[] {
  const takesBody = route.method !== 'get' && route.method !== 'delete';
  const statuses: ErrorStatus[] = [];
  if (takesBody || route.upload || Object.keys(route.request).length > 0 || route.idempotent) statuses.push(400);
  if (route.access !== 'public') statuses.push(401, 403);
  if (route.path.includes(':')) statuses.push(404);
  if (route.method !== 'get' && route.access !== 'public') statuses.push(409);
  if (takesBody || route.upload) statuses.push(413);
  if (route.upload) statuses.push(415);
  // The one public route that takes a body is sign-in, whose failures are throttled (contract "Login").
  if (route.access === 'public' && takesBody) statuses.push(429);
  return statuses;
}

function operation(route: TableRoute, summaries: Record<string, string>): Operation {
  const summary = summaries[routeKey(route)];
  const parameters = [...pathParameters(route), ...queryParameters(route), ...(route.idempotent ? [IDEMPOTENCY_KEY] : [])];
  const body = requestBody(route);
  const status = route.status;
  const answer = route.answer;
  const content =
    answer instanceof FileAnswer
      ? Object.fromEntries(answer.mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]))
      : { 'application/json': { schema: outputJsonSchema(answer) } };
  const description = answer instanceof FileAnswer ? answer.description : (SUCCESS_DESCRIPTION[status] ?? 'Success');
  const responses: Record<string, unknown> = { [status]: { description, content } };
  for (const errorStatus of errorStatuses(route)) {
    responses[errorStatus] = { $ref: `#/components/responses/${ERROR_RESPONSES[errorStatus][0]}` };
  }
  return {
    operationId: `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next?: string) => (next ?? '').toUpperCase())}`,
    summary: summary ?? `${route.method.toUpperCase()} ${openApiPath(route.path)}`,
    tags: [route.feature],
    ...(route.access === 'public' ? {} : { security: [{ bearerAuth: [] }], 'x-roles': [...route.access] }),
    ...(route.allowBeforePasswordReset ? { 'x-allow-before-password-reset': true } : {}),
    'x-declared-in': `server/src/features/${route.feature}/${route.feature}.routes.ts`,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

export type OpenApiOptions = { title: string; version: string; summaries: Record<string, string> };

/** The OpenAPI 3.1 document of the whole route table. */
export function openApiDocument(routes: TableRoute[], options: OpenApiOptions) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    const path = (paths[openApiPath(route.path)] ??= {});
    path[route.method] = operation(route, options.summaries);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${options.title} API`,
      version: options.version,
      description:
        'Generated from the server’s route table. Every error answers the Error shape; `x-roles` lists who may call a route.',
    },
    tags: [...new Set(routes.map((route) => route.feature))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The token or refreshToken of POST /api/auth/login' },
      },
      schemas: {
        Error: outputJsonSchema(apiErrorAnswer),
      },
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(([name, description]) => [
          name,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      ),
    },
  };
}
