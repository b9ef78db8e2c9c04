import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords';
import { createAdmin, uniqueSuffix } from '../../test/factories';
import { bearer, loginAs, useTestApp } from '../../test/http';
import { insertUsers } from './users.repository';
import { UNPAGED_LIST_CAP } from '../../lib/pagination';

const t = useTestApp();
let adminToken: string;
const prefix = `many-${uniqueSuffix()}`;

beforeAll(async () => {
  const admin = await createAdmin(t.db);
  adminToken = await loginAs(t.app, admin.username, admin.password);
  const passwordHash = await hashPassword('not-used-here-1');
  await insertUsers(
    t.db,
    Array.from({ length: UNPAGED_LIST_CAP + 1 }, (_unused, index) => ({
      username: `${prefix}-${String(index).padStart(4, '0')}`,
      partyName: 'Bulk Party',
      phoneNumber: '9829012345',
      passwordHash,
      userType: 'customer' as const,
    })),
  );
});

describe('GET /api/admin/users without page (the spec’s client)', () => {
  it('when more customers match than the cap, then the first ones in username order come back and X-Total-Count says how many match', async () => {
    const response = await request(t.app).get('/api/admin/users').query({ q: prefix }).set(bearer(adminToken));
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(UNPAGED_LIST_CAP);
    expect(response.headers['x-total-count']).toBe(String(UNPAGED_LIST_CAP + 1));
    expect(response.body[0].username).toBe(`${prefix}-0000`);
    expect(response.body.at(-1).username).toBe(`${prefix}-${String(UNPAGED_LIST_CAP - 1).padStart(4, '0')}`);
  });

  it('when the same list is paged, then every customer is reachable', async () => {
    const last = await request(t.app).get('/api/admin/users').query({ q: prefix, page: 51, limit: 20 }).set(bearer(adminToken));
    expect(last.body).toMatchObject({ total: UNPAGED_LIST_CAP + 1, page: 51, limit: 20 });
    expect(last.body.items.map((user: { username: string }) => user.username)).toEqual([`${prefix}-1000`]);
  });
});
