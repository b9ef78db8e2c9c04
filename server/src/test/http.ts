import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../app';
import type { Config } from '../config';
import type { DatabaseHandle, Db } from '../db/client';
import type { AppDeps } from '../deps';
import type { Clock } from '../lib/clock';
import { createLogger } from '../lib/logger';
import { createTestDatabase } from './db';
import { createAdmin, createSuperadmin } from './factories';
import { testConfig } from './test-config';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** A clock the test moves by hand (login windows, quarters). */
export class TestClock implements Clock {
  constructor(private current = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}

export type TestContext = {
  app: Express;
  db: Db;
  database: DatabaseHandle;
  config: Config;
  clock: TestClock;
  deps: AppDeps;
};

/**
 * Gives the test file a fresh database and an app over it (created in beforeAll, closed in afterAll).
 * Read the fields inside tests, not at module level.
 */
export function useTestApp(
  options: {
    config?: Record<string, string>;
    clientDistDir?: string;
    /** Replaces the import jobs' password hashing (to hold a job at a known point). */
    hashPassword?: (password: string) => Promise<string>;
  } = {},
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.db = context.database.db;
    context.config = testConfig(options.config);
    context.clock = new TestClock();
    context.deps = {
      db: context.db,
      config: context.config,
      jwtSecret: TEST_JWT_SECRET,
      logger: createLogger('silent'),
      clock: context.clock,
      clientDistDir: options.clientDistDir,
      hashPassword: options.hashPassword,
    };
    context.app = createApp(context.deps);
  });
  afterAll(async () => {
    await context.database?.close();
  });
  return context;
}

export async function loginAs(app: Express, username: string, password: string): Promise<string> {
  const response = await request(app).post('/api/auth/login').send({ username, password });
  if (response.status !== 200) {
    throw new Error(`login as ${username} failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body.refreshToken as string;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** An admin and a superadmin signed in for the whole file (created in beforeAll); read the tokens inside tests. */
export function useStaffTokens(t: TestContext): { admin: string; superadmin: string } {
  const tokens = { admin: '', superadmin: '' };
  beforeAll(async () => {
    const admin = await createAdmin(t.db);
    const superadmin = await createSuperadmin(t.db);
    tokens.admin = await loginAs(t.app, admin.username, admin.password);
    tokens.superadmin = await loginAs(t.app, superadmin.username, superadmin.password);
  });
  return tokens;
}
