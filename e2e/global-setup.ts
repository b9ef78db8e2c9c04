import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { ensureClientBuild } from '../scripts/client-build.mjs';
import { seedJourneyUsers, type JourneyUser } from './seed-users';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    users: { superadmin: JourneyUser; customer: JourneyUser; admin: JourneyUser; newcomer: JourneyUser };
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited early:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer within 60 s:\n${output()}`);
}

/** Builds the client if needed, seeds a fresh data folder and starts the real server process on it. */
export default async function setup(project: TestProject) {
  ensureClientBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-e2e-'));
  const seeded = await seedJourneyUsers(dataDir);
  const superadmin = { username: 'owner', password: 'owner-password-1', partyName: 'Superadmin' };
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SUPERADMIN_USERNAME: superadmin.username,
      SUPERADMIN_PASSWORD: superadmin.password,
      PRODUCT_NAME: 'Shree Rewards',
      SUPPORT_CONTACTS: JSON.stringify([
        { name: 'Asha Sharma', role: 'Orders and queries', phone: '+91 98290 00001' },
        { name: 'Ravi Meena', role: 'Accounts', phone: '+91 98290 00002' },
        { name: 'Meena Joshi', role: 'Order cancellation', phone: '+91 98290 00003' },
      ]),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  await waitForHealth(baseUrl, server, () => output);

  project.provide('baseUrl', baseUrl);
  project.provide('users', { superadmin, ...seeded });

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
