import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../routes';
import { useTestApp } from '../../test/http';
import { inputJsonSchema, openApiPath, routeKey } from './openapi';
import {
  declaredRoutes,
  declaringFile,
  readSummaries,
  REPOSITORY_ROOT,
  ROUTES_MARKDOWN_FILE,
  routesMarkdown,
  SUMMARIES_FILE,
  summariesJson,
} from './route-index';

const t = useTestApp();

type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  security?: unknown;
  'x-roles'?: string[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: {
    content: Record<string, { schema: { properties?: Record<string, Record<string, unknown>>; required?: string[] } }>;
  };
  responses: Record<string, unknown>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };

async function reference(): Promise<Document> {
  const response = await request(t.app).get('/api/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.body as Document;
}

/** Every `$ref` in the document, so a test can check each points at something. */
function references(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) references(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child);
      else references(child, found);
    }
  }
  return found;
}

describe('GET /api/openapi.json', () => {
  it('when the route table is walked, then every route is in the reference with its roles and feature, and none extra', async () => {
    const document = await reference();
    const table = routeTable(t.deps);
    expect(document.openapi).toBe('3.1.0');

    for (const route of table) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method];
      const where = `${route.method} ${route.path}`;
      expect(operation, where).toBeDefined();
      expect(operation!.tags, where).toEqual([route.feature]);
      if (route.access === 'public') {
        expect(operation!['x-roles'], where).toBeUndefined();
        expect(operation!.security, where).toBeUndefined();
      } else {
        expect(operation!['x-roles'], where).toEqual([...route.access]);
        expect(operation!.security, where).toEqual([{ bearerAuth: [] }]);
        expect(Object.keys(operation!.responses), where).toEqual(expect.arrayContaining(['401', '403']));
      }
      expect(Object.keys(operation!.responses), where).toContain(String(route.status));
    }
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations).toHaveLength(table.length);
    // OpenAPI 3.1: operationIds are unique across the document.
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(table.length);
  });

  it('when a route has a path id, then its parameter is named in OpenAPI syntax with the schema that parses it', async () => {
    const document = await reference();
    expect(document.paths['/api/bill/:id']).toBeUndefined();
    const edit = document.paths['/api/bill/{id}']!.patch!;
    expect(edit.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: expect.objectContaining({ format: 'uuid' }) },
    ]);
    expect(edit.requestBody!.content['application/json']!.schema.properties).toEqual({
      billNumber: expect.objectContaining({ type: 'string' }),
      billDate: expect.objectContaining({ type: 'string' }),
      billAmount: expect.objectContaining({ type: 'number' }),
    });
    expect(Object.keys(edit.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '413']);
    expect(document.paths['/api/bill/{id}']!.delete!.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
  });

  it('when a list takes a query, then each of its fields is a query parameter', async () => {
    const document = await reference();
    const names = document.paths['/api/admin/orders']!.get!.parameters!.map((parameter) => `${parameter.in}:${parameter.name}`);
    expect(names).toEqual(expect.arrayContaining(['query:q', 'query:status', 'query:page', 'query:limit']));
  });

  it('when an item is created, then its body is multipart with the image file beside the fields, and 413/415 are listed', async () => {
    const document = await reference();
    const create = document.paths['/api/item']!.post!;
    expect(Object.keys(create.requestBody!.content)).toEqual(['multipart/form-data']);
    const schema = create.requestBody!.content['multipart/form-data']!.schema;
    expect(schema.properties).toMatchObject({
      name: { type: 'string' },
      description: { type: 'string' },
      pointsRequired: { type: 'number' },
      discount: { type: 'number' },
      stock: { type: 'integer' },
      image: { type: 'string', format: 'binary' },
    });
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'pointsRequired', 'stock']));
    expect(schema.required).not.toContain('image');
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '413', '415']));
  });

  it('when a route honours an Idempotency-Key, then the header is a parameter of it and of no other route', async () => {
    const document = await reference();
    for (const route of routeTable(t.deps)) {
      const operation = document.paths[openApiPath(route.path)]![route.method]!;
      const header = (operation.parameters ?? []).filter((parameter) => parameter.in === 'header');
      expect({ route: `${route.method} ${route.path}`, header: header.map((parameter) => parameter.name) }).toEqual({
        route: `${route.method} ${route.path}`,
        header: route.idempotent ? ['Idempotency-Key'] : [],
      });
    }
  });

  it('when errors are described, then each refers to the contract’s error shape and every $ref resolves', async () => {
    const document = await reference();
    expect(document.components).toMatchObject({
      schemas: {
        Error: { required: ['error', 'message', 'code'], properties: { code: { enum: expect.arrayContaining(['NOT_FOUND']) } } },
      },
      responses: { BadRequest: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } },
    });
    const refs = references(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      const target = ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
      expect(target, ref).toBeDefined();
    }
  });

  it('when a route succeeds, then its one success answer is described with its fields (issue 31)', async () => {
    const document = await reference();
    for (const route of routeTable(t.deps)) {
      const responses = document.paths[openApiPath(route.path)]![route.method]!.responses;
      const successes = Object.keys(responses).filter((status) => status.startsWith('2'));
      expect({ route: routeKey(route), successes }).toEqual({ route: routeKey(route), successes: [String(route.status)] });
      const content = (responses[route.status] as { content: Record<string, { schema: Record<string, unknown> }> }).content;
      for (const [type, { schema }] of Object.entries(content)) {
        // JSON names its fields (an object's properties, a list's items, the alternatives); a file is binary.
        const described =
          type === 'application/json'
            ? ['properties', 'items', 'anyOf'].some((key) => key in schema)
            : schema.format === 'binary';
        expect(described, `${routeKey(route)} ${type}`).toBe(true);
      }
    }
  });

  it('when the sign-in answer is read, then its fields are named, required and typed with their formats', async () => {
    const document = await reference();
    type Schema = { properties: Record<string, Schema & { format?: string; type?: string }>; required: string[] };
    const login = (document.paths['/api/auth/login']!.post!.responses['200'] as { content: Record<string, { schema: Schema }> })
      .content['application/json']!.schema;
    expect(login.required).toEqual(['token', 'refreshToken', 'user', 'deviceToken']);
    expect(login.properties.user!.required).toEqual(expect.arrayContaining(['_id', 'username', 'userType', 'tier', 'email']));
    expect(login.properties.user!.properties._id).toMatchObject({ type: 'string', format: 'uuid' });
    // Open, as the contract's clients read answers: a later field must not make an old client refuse them.
    expect(JSON.stringify(login)).not.toContain('additionalProperties');

    const bill = (document.paths['/api/bill']!.post!.responses['201'] as { content: Record<string, { schema: Schema }> }).content[
      'application/json'
    ]!.schema;
    expect(bill.properties.createdAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(bill.properties.billDate).toMatchObject({ type: 'string', format: 'date' });
    expect(bill.properties.customerPoints!.required).toEqual(['availablePoints', 'totalPoints']);

    const exportAnswer = document.paths['/api/admin/export/bills']!.get!.responses['200'] as { content: Record<string, unknown> };
    expect(Object.keys(exportAnswer.content)).toEqual([
      'text/csv; charset=utf-8',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });

  it('when every declared request schema is converted for clients to send, then none throws', () => {
    let converted = 0;
    for (const route of routeTable(t.deps)) {
      for (const schema of Object.values(route.request)) {
        expect(() => inputJsonSchema(schema), `${route.method} ${route.path}`).not.toThrow();
        converted += 1;
      }
    }
    expect(converted).toBeGreaterThan(30);
  });

  it('when a route’s contract comment exists, then it is the route’s summary', async () => {
    const document = await reference();
    expect(document.paths['/api/user/cart/checkout']!.post!.summary).toMatch(/^\{addressId, items/);
    expect(document.paths['/api/openapi.json']!.get!.summary).toMatch(/OpenAPI 3\.1/);
  });
});

describe('GET /api/docs', () => {
  it('when the page is opened, then HTML under the Content Security Policy whose script and style load from this server', async () => {
    const response = await request(t.app).get('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);

    const html = response.text;
    // Nothing the policy would block: no inline script, no handler attribute, no inline style.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/\sstyle=/i);
    const script = /<script[^>]*\bsrc="([^"]+)"/.exec(html)?.[1];
    const style = /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)?.[1];
    expect([script, style]).toEqual(['/api/docs/api-docs.js', '/api/docs/api-docs.css']);

    const scriptAnswer = await request(t.app).get(script!);
    expect(scriptAnswer.status).toBe(200);
    expect(scriptAnswer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(scriptAnswer.text).toContain("fetch('/api/openapi.json'");
    const styleAnswer = await request(t.app).get(style!);
    expect(styleAnswer.status).toBe(200);
    expect(styleAnswer.headers['content-type']).toMatch(/^text\/css/);
  });

  it('when an unknown file under /api/docs is asked for, then a JSON 404 in the contract’s shape', async () => {
    const other = await request(t.app).get('/api/docs/other.js');
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
  });
});

describe('docs/routes.md', () => {
  it('when the route table and the contract comments are compared with docs/routes.md, then it is current', () => {
    const routes = routeTable(t.deps);
    const summaries = readSummaries(routes);
    const advice = 'docs/routes.md or route-summaries.json is out of date: run `npm run docs:routes` and commit the result';
    expect(readFileSync(ROUTES_MARKDOWN_FILE, 'utf8'), advice).toBe(routesMarkdown(routes, summaries));
    expect(readFileSync(SUMMARIES_FILE, 'utf8'), advice).toBe(summariesJson(summaries));
  });

  it('when each route’s feature is read, then the file it names declares that method and path', () => {
    const files = new Map<string, string>();
    for (const route of routeTable(t.deps)) {
      const file = declaringFile(route.feature);
      if (!files.has(file)) files.set(file, readFileSync(path.join(REPOSITORY_ROOT, file), 'utf8'));
      const declared = declaredRoutes(files.get(file)!).map((entry) => `${entry.method} ${entry.path}`);
      expect(declared, file).toContain(`${route.method} ${route.path}`);
    }
    const markdown = readFileSync(ROUTES_MARKDOWN_FILE, 'utf8');
    expect(markdown).toContain(
      '| POST | `/api/user/cart/checkout` | customer | [orders](../server/src/features/orders/orders.routes.ts) |',
    );
  });

  it('when a route list is tagged with a folder that does not declare it, then the generator refuses it and says why', () => {
    const checkout = routeTable(t.deps).find((route) => route.path === '/user/cart/checkout')!;
    expect(() => readSummaries([{ ...checkout, feature: 'cart' }])).toThrow(
      'POST /user/cart/checkout is not declared in server/src/features/cart/cart.routes.ts',
    );
  });
});
