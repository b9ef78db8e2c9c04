import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';

// The real entry point as `npm start` runs it: one process on the embedded database.
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-process-'));
const running: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startServer(port: number, extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits up to 80 s: starting through tsx on a loaded 2-core machine has taken over 30 s. */
async function waitForHealth(port: number, exited: Promise<unknown>): Promise<void> {
  let done = false;
  void exited.then(() => (done = true));
  const deadline = Date.now() + 80_000;
  while (Date.now() < deadline && !done) {
    const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not answer');
}

afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

// Each test starts real processes that open the embedded database (seconds each on a busy 2-core machine).
describe('the server process', () => {
  it('when a second server opens the same data folder, then it stops with a clear message; SIGTERM stops the first cleanly', async () => {
    const port = await freePort();
    const first = startServer(port, { SUPERADMIN_USERNAME: 'owner', SUPERADMIN_PASSWORD: 'owner-password-1' });
    await waitForHealth(port, first.exited);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    const second = startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another server \(process \d+\)/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/stopped/);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // What was written survives the restart: the superadmin created on first start still signs in.
    const again = startServer(port);
    await waitForHealth(port, again.exited);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'owner', password: 'owner-password-1' }),
    });
    expect(login.status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 180_000);

  it('when it creates its data folder, then nobody else may read it: folders 0700, files 0600, the embedded database’s included', async () => {
    const parentDir = mkdtempSync(path.join(tmpdir(), 'rewards-modes-'));
    const privateDir = path.join(parentDir, 'data');
    const port = await freePort();
    const server = startServer(port, { DATA_DIR: privateDir });
    await waitForHealth(port, server.exited);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const entries: { path: string; mode: number }[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const entryPath = path.join(folder, entry.name);
        entries.push({ path: path.relative(privateDir, entryPath), mode: statSync(entryPath).mode & 0o777 });
        if (entry.isDirectory()) walk(entryPath);
      }
    };
    walk(privateDir);
    expect(statSync(privateDir).mode & 0o777).toBe(0o700);
    // PGlite writes about a thousand files (its WAL holds the password hashes) beside the generated secret.
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.map((entry) => entry.path)).toEqual(expect.arrayContaining(['jwt-secret', 'db', path.join('db', 'pg_wal')]));
    const readableByOthers = entries.filter((entry) => (entry.mode & 0o077) !== 0);
    expect(readableByOthers.map((entry) => `${entry.mode.toString(8)} ${entry.path}`)).toEqual([]);
    expect(server.output()).not.toMatch(/chmod/);
    rmSync(parentDir, { recursive: true, force: true });
  }, 180_000);

  it('when its DATA_DIR holds pictures of an older version, then the start moves them into the database, a second start changes nothing, and the files stay', async () => {
    const oldDir = mkdtempSync(path.join(tmpdir(), 'rewards-old-pictures-'));
    const uploads = path.join(oldDir, 'uploads');
    mkdirSync(uploads, { mode: 0o700 });
    const name = '3f0c2a1e-5b6d-4c7e-8f90-a1b2c3d4e5f6';
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c2255c' } })
      .webp()
      .toBuffer();
    writeFileSync(path.join(uploads, `${name}.webp`), picture, { mode: 0o600 });
    // A file an older server was writing when it stopped: skipped with a warning, never a failed start.
    writeFileSync(path.join(uploads, `.${name}-w320.webp.tmp`), 'half a file', { mode: 0o600 });

    for (const round of [1, 2]) {
      const port = await freePort();
      const server = startServer(port, { DATA_DIR: oldDir });
      await waitForHealth(port, server.exited);
      const served = await fetch(`http://127.0.0.1:${port}/uploads/${name}.webp`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(picture);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toMatch(/skipped a file of the old pictures folder/);
      expect(server.output()).toMatch(round === 1 ? /"imported":1,"skipped":1/ : /"imported":0,"skipped":1/);
    }
    expect(readdirSync(uploads).sort()).toEqual([`.${name}-w320.webp.tmp`, `${name}.webp`]);
    rmSync(oldDir, { recursive: true, force: true });
  }, 240_000);

  it('when the configuration is invalid, then it lists every bad variable and exits', async () => {
    const bad = startServer(await freePort(), { PORT: 'eighty', CORS_ORIGINS: '', SUPPORT_CONTACTS: 'not json' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/Invalid configuration/);
    expect(bad.output()).toMatch(/PORT/);
    expect(bad.output()).toMatch(/SUPPORT_CONTACTS: must be a JSON array/);
  }, 90_000);
});
