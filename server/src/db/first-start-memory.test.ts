import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { watchMemory } from '../test/process-memory';

// Decision 037: the product fits a host of 1 GB. A first start on an empty DATA_DIR (PGlite's initdb) peaked at
// 800 MB in the server's process; initdb now runs in a process of its own, while the server waits for it.
// `npm run bench:memory` has the figures; this keeps the server and that process under the ceiling together, at
// every reading. Memory is read from /proc: Linux only.
const CEILING_MB = 500;
// Often enough to find the initdb process (about 2 s) a hundred times; a reading takes well under 1 ms.
const READ_EVERY_MS = 20;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe.runIf(existsSync('/proc/self/status'))('the first start on an empty DATA_DIR', () => {
  it(`when the server starts on an empty folder, then it and the process that creates the database stay under ${CEILING_MB} MB together`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-first-start-'));
    const port = await freePort();
    // Through tsx, as `npm run dev` runs it: tens of MB above the compiled server, so on the safe side.
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk) => (output += chunk));
    server.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => server.once('exit', resolve));
    const memory = watchMemory(server.pid!, READ_EVERY_MS);
    try {
      const deadline = Date.now() + 80_000;
      for (;;) {
        if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        if ((await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.ok) break;
        if (Date.now() > deadline) throw new Error(`the server did not answer:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const peaks = memory.stop();
      const figures = JSON.stringify(peaks);

      // The database was created by a process of the server's, and the readings found it alive many times, so
      // the sum below covers its life and not one moment of it.
      expect(peaks.largestChildPeakMb, figures).toBeGreaterThan(100);
      expect(peaks.readingsWithChild, figures).toBeGreaterThanOrEqual(10);
      // The server and that process at the same reading (the server waiting with its modules loaded), and the
      // server alone afterwards.
      expect(peaks.togetherPeakMb, figures).toBeLessThan(CEILING_MB);
      expect(peaks.processPeakMb, figures).toBeLessThan(CEILING_MB);
    } finally {
      memory.stop();
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
