import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../lib/logger';
import { createCustomer } from '../test/factories';
import { useTestApp } from '../test/http';
import { testConfig } from '../test/test-config';
import { bootstrapSuperadmin, seedDatabase } from './seed';

const t = useTestApp();

describe('first start', () => {
  it('when no superadmin exists and none is configured, then "superadmin" gets a random password printed once and must choose their own', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await seedDatabase(t.db, testConfig(), createLogger('silent'));
    const printed = log.mock.calls.map((call) => String(call[0])).join('\n');
    log.mockRestore();
    const password = /password: (\S+)/.exec(printed)?.[1];
    expect(password).toEqual(expect.any(String));

    const login = await request(t.app).post('/api/auth/login').send({ username: 'superadmin', password });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ userType: 'superadmin', isPasswordReset: false });

    // A second start creates nobody and prints nothing.
    expect(await bootstrapSuperadmin(t.db, testConfig())).toEqual({ created: false });
  });
});

describe('first start with SUPERADMIN_USERNAME and SUPERADMIN_PASSWORD', () => {
  const configured = useTestApp();

  it('when set, then that superadmin signs in with isPasswordReset true', async () => {
    const config = testConfig({ SUPERADMIN_USERNAME: 'owner', SUPERADMIN_PASSWORD: 'owner-password-1' });
    expect(await bootstrapSuperadmin(configured.db, config)).toEqual({
      created: true,
      username: 'owner',
      generatedPassword: undefined,
    });

    const login = await request(configured.app).post('/api/auth/login').send({ username: 'owner', password: 'owner-password-1' });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ userType: 'superadmin', isPasswordReset: true });
  });
});

describe('first start when the name is taken', () => {
  const taken = useTestApp();

  it('when a customer already holds the superadmin’s username, then start-up stops with a clear message', async () => {
    await createCustomer(taken.db, { username: 'Boss' });
    const config = testConfig({ SUPERADMIN_USERNAME: 'boss', SUPERADMIN_PASSWORD: 'owner-password-1' });
    await expect(bootstrapSuperadmin(taken.db, config)).rejects.toThrow(/"boss" is taken/);
  });
});
