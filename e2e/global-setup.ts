import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { ensureClientBuild, ensureServerBuild } from '../scripts/builds.mjs';
import { seedJourneyUsers, type JourneyUser } from './seed-users';
import { startServerProcess } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    users: { superadmin: JourneyUser; customer: JourneyUser; admin: JourneyUser; newcomer: JourneyUser };
  }
}

/** Builds the client if needed, seeds a fresh data folder and starts the real server process on it. */
export default async function setup(project: TestProject) {
  ensureClientBuild();
  ensureServerBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-e2e-'));
  const seeded = await seedJourneyUsers(dataDir);
  const superadmin = { username: 'owner', password: 'owner-password-1', partyName: 'Superadmin' };
  const server = await startServerProcess(dataDir, {
    NODE_ENV: 'test',
    SUPERADMIN_USERNAME: superadmin.username,
    SUPERADMIN_PASSWORD: superadmin.password,
    PRODUCT_NAME: 'Shree Rewards',
    SUPPORT_CONTACTS: JSON.stringify([
      { name: 'Asha Sharma', role: 'Orders and queries', phone: '+91 98290 00001' },
      { name: 'Ravi Meena', role: 'Accounts', phone: '+91 98290 00002' },
      { name: 'Meena Joshi', role: 'Order cancellation', phone: '+91 98290 00003' },
    ]),
  });

  project.provide('baseUrl', server.baseUrl);
  project.provide('users', { superadmin, ...seeded });

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
