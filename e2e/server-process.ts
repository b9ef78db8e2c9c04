import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, serverEntry } from '../scripts/builds.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export type ServerProcess = {
  baseUrl: string;
  output: () => string;
  stop: () => Promise<void>;
  /** The process itself, for the fault tests (kill -9, is it still alive). */
  child: ChildProcess;
  exited: Promise<void>;
};

/**
 * The real server, started as `npm start` starts it (compiled JavaScript, built first when its sources are
 * newer; the client build is the caller's), on the embedded database in
 * `dataDir` (or on PostgreSQL when `env` gives DATABASE_URL), on a free port unless `options.port` names one;
 * resolves once /api/health answers. Used by the
 * browser journeys, the benchmarks and the fault tests.
 */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  // A restart behind a proxy comes back on the port the proxy knows; `nodeArgs` go to node before the entry
  // (a benchmark's `--cpu-prof`).
  options: { port?: number; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  ensureServerBuild();
  const server = spawn(process.execPath, ['--enable-source-maps', ...(options.nodeArgs ?? []), serverEntry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    if ((await fetch(`${baseUrl}/api/health`).catch(() => undefined))?.ok) break;
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error(`the server did not answer within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    output: () => output,
    child: server,
    exited,
    stop: async () => {
      if (server.exitCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}
