import type { UserType } from '@app/common';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from './routes';
import { createUser } from './test/factories';
import { bearer, loginAs, useTestApp } from './test/http';

const t = useTestApp();
const USER_TYPES: UserType[] = ['customer', 'admin', 'superadmin'];

// Builds a concrete URL for a route pattern (":id" → a syntactically valid id).
const concrete = (path: string) => `/api${path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000')}`;

describe('the route table (spec §6 enforced on the server)', () => {
  const tokens = {} as Record<UserType, string>;

  beforeAll(async () => {
    for (const userType of USER_TYPES) {
      const user = await createUser(t.db, userType);
      tokens[userType] = await loginAs(t.app, user.username, user.password);
    }
  });

  it('when a protected route is called without a token, then every one answers 401', async () => {
    const protectedRoutes = routeTable(t.deps).filter((route) => route.access !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const route of protectedRoutes) {
      const response = await request(t.app)[route.method](concrete(route.path)).send({});
      expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      });
    }
  });

  it('when a user type outside a route’s roles calls it, then every one answers 403', async () => {
    let checked = 0;
    for (const route of routeTable(t.deps)) {
      if (route.access === 'public') continue;
      for (const userType of USER_TYPES.filter((type) => !(route.access as readonly UserType[]).includes(type))) {
        const response = await request(t.app)[route.method](concrete(route.path)).set(bearer(tokens[userType])).send({});
        expect({ route: `${route.method} ${route.path}`, userType, status: response.status }).toEqual({
          route: `${route.method} ${route.path}`,
          userType,
          status: 403,
        });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('when an unknown API path is called, then a JSON 404 in the contract’s shape', async () => {
    const response = await request(t.app).get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String), message: expect.any(String) });
  });
});
