import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createAdmin, createCustomer, createSuperadmin } from '../../test/factories';
import { bearer, loginAs, useTestApp } from '../../test/http';

const t = useTestApp();

describe('GET /api/user/profile', () => {
  it('when a customer asks, then it answers their own record with points and tier, never the hash', async () => {
    const customer = await createCustomer(t.db, {
      partyName: 'Jaipur Agencies',
      tier: 'Silver',
      availablePoints: 1234567,
      totalPoints: 2500050,
    });
    const token = await loginAs(t.app, customer.username, customer.password);

    const response = await request(t.app).get('/api/user/profile').set(bearer(token));

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      _id: customer.id,
      username: customer.username,
      partyName: 'Jaipur Agencies',
      phoneNumber: '9876543210',
      userType: 'customer',
      availablePoints: 12345.67,
      totalPoints: 25000.5,
      tier: 'Silver',
      blocked: false,
      isPasswordReset: true,
      createdAt: expect.any(String),
      // Contract "language and notifications": English and no email until someone sets them.
      language: 'en',
      email: null,
    });
  });

  it.each([
    ['an admin', createAdmin],
    ['a superadmin', createSuperadmin],
  ])('when %s asks, then 403', async (_label, make) => {
    const staff = await make(t.db);
    const token = await loginAs(t.app, staff.username, staff.password);

    const response = await request(t.app).get('/api/user/profile').set(bearer(token));

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'FORBIDDEN', error: expect.any(String) });
  });
});

describe('GET /api/user/points', () => {
  it('when two customers ask, then each sees only their own balance', async () => {
    const first = await createCustomer(t.db, { availablePoints: 10050, totalPoints: 20000 });
    const second = await createCustomer(t.db, { availablePoints: 1, totalPoints: 1 });

    const firstAnswer = await request(t.app)
      .get('/api/user/points')
      .set(bearer(await loginAs(t.app, first.username, first.password)));
    const secondAnswer = await request(t.app)
      .get('/api/user/points')
      .set(bearer(await loginAs(t.app, second.username, second.password)));

    expect(firstAnswer.body).toEqual({ availablePoints: 100.5, totalPoints: 200, expiring: [] });
    expect(secondAnswer.body).toEqual({ availablePoints: 0.01, totalPoints: 0.01, expiring: [] });
  });

  it('when the row changes between two requests with one token, then the next answer sees it at once', async () => {
    // Handlers answer from the row authentication read for this request: nothing is kept between requests,
    // so a new balance shows and a block refuses the very next request.
    const customer = await createCustomer(t.db, { availablePoints: 100, totalPoints: 100 });
    const token = await loginAs(t.app, customer.username, customer.password);
    expect((await request(t.app).get('/api/user/points').set(bearer(token))).body).toEqual({
      availablePoints: 1,
      totalPoints: 1,
      expiring: [],
    });

    await t.db.update(users).set({ availablePoints: 250, totalPoints: 300 }).where(eq(users.id, customer.id));
    expect((await request(t.app).get('/api/user/points').set(bearer(token))).body).toEqual({
      availablePoints: 2.5,
      totalPoints: 3,
      expiring: [],
    });
    expect((await request(t.app).get('/api/user/profile').set(bearer(token))).body).toMatchObject({ availablePoints: 2.5 });

    await t.db.update(users).set({ blocked: true }).where(eq(users.id, customer.id));
    const refused = await request(t.app).get('/api/user/points').set(bearer(token));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_BLOCKED' });
  });

  it('when there is no token, then 401 (the client signs out)', async () => {
    const response = await request(t.app).get('/api/user/points');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: 'Authentication required',
      message: 'Authentication required',
      code: 'UNAUTHENTICATED',
    });
  });
});
