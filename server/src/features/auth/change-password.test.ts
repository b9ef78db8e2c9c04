import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { COMMON_PASSWORD_MESSAGE } from '../../lib/password-policy';
import { createAdmin, createCustomer } from '../../test/factories';
import { bearer, loginAs, useTestApp } from '../../test/http';
import { insertSession } from './sessions.repository';

// Contract "API conventions" (change-password, sessions) and issue 7 finding 3.
const t = useTestApp();

const changePassword = (token: string, body: Record<string, unknown>) =>
  request(t.app).post('/api/user/change-password').set(bearer(token)).send(body);

const points = (token: string) => request(t.app).get('/api/user/points').set(bearer(token));

const signIn = (username: string, password: string) => request(t.app).post('/api/auth/login').send({ username, password });

describe('POST /api/user/change-password: the current password', () => {
  it('when someone else chose the password (isPasswordReset false), then newPassword alone changes it, as the spec client sends it', async () => {
    const user = await createCustomer(t.db, { isPasswordReset: false });
    const token = await loginAs(t.app, user.username, user.password);

    const response = await changePassword(token, { newPassword: 'my-very-own-choice' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ message: 'Password changed', user: { _id: user.id, isPasswordReset: true } });
    expect((await signIn(user.username, 'my-very-own-choice')).status).toBe(200);
    expect((await signIn(user.username, user.password)).status).toBe(401);
  });

  it('when the user chose their own password and sends no current one, then 400 on currentPassword and nothing changes', async () => {
    const user = await createCustomer(t.db);
    const token = await loginAs(t.app, user.username, user.password);

    const response = await changePassword(token, { newPassword: 'a-takeover-attempt' });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Current password is required',
      details: [{ field: 'currentPassword', message: 'Current password is required' }],
    });
    expect((await signIn(user.username, user.password)).status).toBe(200);
    expect((await signIn(user.username, 'a-takeover-attempt')).status).toBe(401);
  });

  it('when the current password is wrong, then 400 on currentPassword (not 401: the caller stays signed in) and nothing changes', async () => {
    const user = await createCustomer(t.db);
    const token = await loginAs(t.app, user.username, user.password);
    const otherDevice = await loginAs(t.app, user.username, user.password);

    const response = await changePassword(token, { newPassword: 'a-takeover-attempt', currentPassword: 'a-guess-at-it' });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
    });
    expect((await signIn(user.username, user.password)).status).toBe(200);
    // Neither this session nor the owner's other one ended.
    expect((await points(token)).status).toBe(200);
    expect((await points(otherDevice)).status).toBe(200);
  });

  it('when the current password is wrong and the new one equals the real one, then only "incorrect" is said (no oracle)', async () => {
    const user = await createCustomer(t.db);
    const token = await loginAs(t.app, user.username, user.password);

    const response = await changePassword(token, { newPassword: user.password, currentPassword: 'a-guess-at-it' });

    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: 'currentPassword', message: 'Current password is incorrect' }]);
  });

  it('when the current password is the right 72 bytes plus a suffix, then it is wrong like any other (bcrypt would read 72 bytes only)', async () => {
    const password = `${'k'.repeat(64)}pass-72!`;
    const user = await createCustomer(t.db, { password });
    const token = await loginAs(t.app, user.username, user.password);

    const response = await changePassword(token, { newPassword: 'a-takeover-attempt', currentPassword: `${password}-and-more` });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'Current password is incorrect',
      message: 'Current password is incorrect',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
    });
    expect((await signIn(user.username, password)).status).toBe(200);
    expect((await signIn(user.username, 'a-takeover-attempt')).status).toBe(401);
  });
});

describe('POST /api/user/change-password: the new password', () => {
  it('when the new password is the current one, then 400 on newPassword (own password and forced change alike)', async () => {
    const own = await createAdmin(t.db);
    const ownToken = await loginAs(t.app, own.username, own.password);
    const forced = await createCustomer(t.db, { isPasswordReset: false });
    const forcedToken = await loginAs(t.app, forced.username, forced.password);

    const fromOwn = await changePassword(ownToken, { newPassword: own.password, currentPassword: own.password });
    const fromForced = await changePassword(forcedToken, { newPassword: forced.password });

    for (const response of [fromOwn, fromForced]) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'newPassword', message: 'Choose a password different from your current one' }],
      });
    }
    expect((await signIn(forced.username, forced.password)).body.user.isPasswordReset).toBe(false);
  });

  it.each([
    ['only spaces', ' '.repeat(10), 'Password cannot be only spaces'],
    ['only tabs and no-break spaces', '\t\u00A0\t\u00A0\t\u00A0\t\u00A0', 'Password cannot be only spaces'],
    ['a common password', 'baseball', COMMON_PASSWORD_MESSAGE],
    ['a common password in capitals', 'PASSWORD123', COMMON_PASSWORD_MESSAGE],
    ['a common password with a space after it', 'iloveyou ', COMMON_PASSWORD_MESSAGE],
  ])(
    'when the new password is %s, then 400 names newPassword and the old password still works',
    async (_label, newPassword, message) => {
      const user = await createCustomer(t.db);
      const token = await loginAs(t.app, user.username, user.password);

      const response = await changePassword(token, { newPassword, currentPassword: user.password });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'newPassword', message }] });
      expect((await signIn(user.username, user.password)).status).toBe(200);
    },
  );

  it('when a forced change picks a common password, then it is refused too (the spec client shows the message)', async () => {
    const user = await createCustomer(t.db, { isPasswordReset: false });
    const token = await loginAs(t.app, user.username, user.password);

    const response = await changePassword(token, { newPassword: 'sunshine' });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: COMMON_PASSWORD_MESSAGE,
      message: COMMON_PASSWORD_MESSAGE,
      details: [{ field: 'newPassword', message: COMMON_PASSWORD_MESSAGE }],
    });
  });

  it('when both the current password is wrong and the new one common, then both fields are named', async () => {
    const user = await createCustomer(t.db);
    const token = await loginAs(t.app, user.username, user.password);

    const response = await changePassword(token, { newPassword: 'football', currentPassword: 'not-it-at-all' });

    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      { field: 'currentPassword', message: 'Current password is incorrect' },
      { field: 'newPassword', message: COMMON_PASSWORD_MESSAGE },
    ]);
  });
});

describe('POST /api/user/change-password: sessions', () => {
  it('when the password changes, then the token that made it still works, the fresh one too, and every other session is refused', async () => {
    const user = await createCustomer(t.db);
    const thisDevice = await loginAs(t.app, user.username, user.password);
    const phone = await loginAs(t.app, user.username, user.password);
    const laptop = await loginAs(t.app, user.username, user.password);

    const response = await changePassword(thisDevice, { newPassword: 'brand-new-secret-7', currentPassword: user.password });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: 'Password changed',
      token: expect.any(String),
      refreshToken: response.body.token,
      user: expect.objectContaining({ _id: user.id, username: user.username, isPasswordReset: true }),
    });
    // The spec's client keeps using its login token after /reset-password (contract "API conventions").
    expect((await points(thisDevice)).status).toBe(200);
    expect((await points(response.body.refreshToken)).status).toBe(200);
    for (const other of [phone, laptop]) {
      const refused = await points(other);
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('UNAUTHENTICATED');
    }
    // A sign-in after the change is a new session and lives on.
    expect((await points(await loginAs(t.app, user.username, 'brand-new-secret-7'))).status).toBe(200);
  });

  it('when the fresh token logs out, then the session ends for the old token too (one session, not two)', async () => {
    const user = await createCustomer(t.db, { isPasswordReset: false });
    const login = await loginAs(t.app, user.username, user.password);
    const changed = await changePassword(login, { newPassword: 'chosen-by-me-42' });
    expect(changed.status).toBe(200);

    expect((await request(t.app).post('/api/auth/logout').set(bearer(changed.body.refreshToken))).status).toBe(200);

    expect((await points(login)).status).toBe(401);
    expect((await points(changed.body.refreshToken)).status).toBe(401);
  });

  it('when the forced change is made, then the login token opens the rest of the API at once', async () => {
    const user = await createCustomer(t.db, { isPasswordReset: false });
    const login = await loginAs(t.app, user.username, user.password);
    expect((await points(login)).status).toBe(403);

    expect((await changePassword(login, { newPassword: 'chosen-by-me-43' })).status).toBe(200);

    expect((await points(login)).status).toBe(200);
  });

  it('when two changes race from one session, then exactly one wins and its password is the one that signs in', async () => {
    const user = await createCustomer(t.db);
    const token = await loginAs(t.app, user.username, user.password);

    const answers = await Promise.all(
      ['racing-choice-one', 'racing-choice-two'].map((newPassword) =>
        changePassword(token, { newPassword, currentPassword: user.password }),
      ),
    );

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The loser either saw the winner's hash (its current password is then wrong) or lost the update.
    expect(statuses.filter((status) => status === 400 || status === 409)).toHaveLength(1);
    const winner = statuses[0] === 200 ? 'racing-choice-one' : 'racing-choice-two';
    expect((await signIn(user.username, winner)).status).toBe(200);
    expect((await signIn(user.username, user.password)).status).toBe(401);
  });

  it('when a sign-in checked the old password but a change committed first, then it gets no session', async () => {
    const user = await createCustomer(t.db);
    const token = await loginAs(t.app, user.username, user.password);
    const [before] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect((await changePassword(token, { newPassword: 'changed-under-it-1', currentPassword: user.password })).status).toBe(200);

    // What login does after its bcrypt check, with the hash it checked against.
    const sessionId = await insertSession(
      t.db,
      { id: user.id, passwordHash: before!.passwordHash },
      new Date(Date.now() + 60_000),
    );

    expect(sessionId).toBeUndefined();
  });
});
