import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock';
import { migrateDatabase } from '../db/migrate';
import { openSession } from '../ops/database-session';
import { DEMO_MARKER, prepareDemoFolder } from './demo-folder';
import { DEMO_ACCOUNTS } from './demo-programme';

// `npm run demo` and the folder it deletes with --fresh (decision 037): real processes, as an operator runs them.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real server on `dataDir` (through tsx, as `npm run dev` runs it), once /api/health answers. */
async function startServer(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SUPERADMIN_USERNAME: 'owner',
      SUPERADMIN_PASSWORD: 'owner-password-1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 80_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if ((await fetch(`${base}/api/health`).catch(() => undefined))?.ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not answer:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, child, exited };
}

/** `npm run demo -- ARGS`, to its exit (a refusal comes before any build). */
function runDemo(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts/demo.mjs'), ...args],
      { cwd: root, env: { ...process.env, PORT: '0' }, timeout: 90_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const json = (base: string, route: string, token: string, body?: unknown) =>
  fetch(`${base}${route}`, {
    method: body ? 'POST' : 'GET',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });

/** One sentence, no stack trace. */
function expectOneSentence(stderr: string, message: RegExp): void {
  expect(stderr).toMatch(message);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr.trim().split('\n')).toHaveLength(1);
}

describe('npm run demo -- --fresh', () => {
  it('when a server runs on the folder, then --fresh (and a plain demo) refuse in a sentence and every answered write stays; once stopped, its users still make --fresh refuse', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-demo-folder-'));
    // The folder looks like the demo's: the marker is what the demo deleted folders by.
    writeFileSync(path.join(dataDir, DEMO_MARKER), 'made by npm run demo\n');
    const server = await startServer(dataDir);
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'owner', password: 'owner-password-1' }),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await json(server.base, '/api/admin/add-customer', token, {
      username: 'ajmer-traders',
      partyName: 'Ajmer Traders',
      phoneNumber: '9829012345',
      password: 'customer-password-1',
    });
    expect(created.status, await created.clone().text()).toBe(201);

    const fresh = await runDemo([`--data-dir=${dataDir}`, '--fresh']);
    expect(fresh.code).toBe(1);
    expectOneSentence(fresh.stderr, new RegExp(`is in use by process ${server.child.pid} .*so --fresh deleted nothing`));
    const plain = await runDemo([`--data-dir=${dataDir}`]);
    expect(plain.code).toBe(1);
    expectOneSentence(plain.stderr, new RegExp(`is in use by process ${server.child.pid}`));

    // The running server still has its lock, its database and what it answered.
    expect(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(server.child.pid));
    const users = await json(server.base, '/api/admin/users?q=ajmer', token);
    expect(users.status).toBe(200);
    expect(JSON.stringify(await users.json())).toContain('ajmer-traders');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const stopped = await runDemo([`--data-dir=${dataDir}`, '--fresh']);
    expect(stopped.code).toBe(1);
    expectOneSentence(
      stopped.stderr,
      /holds users that are not the demo's \(ajmer-traders, owner\): it is a real programme's database, so --fresh deleted nothing/,
    );
    const database = await openDatabase({ dataDir });
    const session = await openSession(database);
    const rows = await session.query<{ username: string }>('select username from users order by username');
    session.release();
    await database.close();
    expect(rows.map((row) => row.username)).toEqual(['ajmer-traders', 'owner']);
    rmSync(dataDir, { recursive: true, force: true });
  }, 240_000);

  it('when --data-dir names a file, then the demo says so in a sentence and exits 1', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'rewards-demo-file-')), 'notes.txt');
    writeFileSync(file, 'not a folder\n');
    for (const dataDir of [file, path.join(file, 'inside')]) {
      const result = await runDemo([`--data-dir=${dataDir}`, '--fresh']);
      expect(result.code).toBe(1);
      expectOneSentence(result.stderr, /is a file, not a folder|cannot hold the demo \(ENOTDIR/);
    }
    expect(readFileSync(file, 'utf8')).toBe('not a folder\n');
    rmSync(path.dirname(file), { recursive: true, force: true });
  }, 120_000);
});

describe('prepareDemoFolder', () => {
  /** A demo folder whose database holds only the demo's own accounts. */
  async function demoFolder(): Promise<string> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-demo-own-'));
    writeFileSync(path.join(dataDir, DEMO_MARKER), 'made by npm run demo\n');
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    const session = await openSession(database);
    await session.query(
      `insert into users (username, party_name, phone_number, password_hash, user_type) values ($1, 'Head Office', '9829040001', 'x', 'superadmin')`,
      [DEMO_ACCOUNTS.superadmin],
    );
    session.release();
    await database.close();
    return dataDir;
  }

  it("when the folder is the demo's own, then --fresh deletes everything but the marker", async () => {
    const dataDir = await demoFolder();
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'old');

    expect(await prepareDemoFolder(dataDir, { fresh: true, shown: 'demo' })).toBe(true);

    expect(readdirSync(dataDir)).toEqual([DEMO_MARKER]);
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('when a live process holds the folder, then --fresh is refused before anything is read or deleted', async () => {
    const dataDir = await demoFolder();
    // A lock naming a process that is certainly alive (the test runner's parent).
    writeFileSync(path.join(dataDir, 'server.lock'), String(process.ppid));

    const refused = prepareDemoFolder(dataDir, { fresh: true, shown: 'demo' });

    await expect(refused).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(refused).rejects.toMatchObject({ ownerPid: process.ppid });
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    rmSync(path.join(dataDir, 'server.lock'));
    const lock = await acquireDataDirLock(dataDir);
    await lock.release();
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});
