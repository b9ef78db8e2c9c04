// `npm run bench:memory`: the memory the product needs on the embedded database (decision 037), read from /proc
// (Linux), for a host of 1 GB:
//   - a first start on an empty DATA_DIR (the compiled server as `npm start` runs it) until /api/health answers,
//     then what it holds once settled (5 s later), and a second start on the same folder;
//   - `npm run restore` of a 200,000-row backup (100,000 customers and a ledger entry each; BENCH_CUSTOMERS
//     changes the size) into an empty DATA_DIR, from start to exit.
// Each row gives the peak of the command's own process (VmHWM), what it held while a process it started ran
// (the new database's initdb runs in one), that process's peak, and the peak of all of them together (their
// resident sizes summed every 10 ms).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, serverEntry } from '../scripts/builds.mjs';
import { freePort } from '../e2e/server-process';
import { migrateDatabase } from '../server/src/db/migrate';
import { writeBackup } from '../server/src/ops/write-backup';
import { residentMb, watchMemory, type MemoryPeaks } from '../server/src/test/process-memory';
import { fillBackupProgramme } from './backup-programme';
import { openFreshDatabase } from './fresh-database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const SETTLE_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function row(label: string, peaks: MemoryPeaks, time: number, note = ''): void {
  const [waiting, child] = peaks.readingsWithChild
    ? [`${peaks.processWhileChildMb} MB`, `${peaks.largestChildPeakMb} MB`]
    : ['–', '–'];
  console.log(
    `| ${label} | ${peaks.processPeakMb} MB | ${waiting} | ${child} | ${peaks.togetherPeakMb} MB | ${seconds(time)} | ${note} |`,
  );
}

/** Starts the compiled server on `dataDir`, measures it until /api/health answers, then stops it. */
async function measureStart(label: string, dataDir: string): Promise<void> {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'm'.repeat(40),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const watch = watchMemory(server.pid!);
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    if ((await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.ok) break;
    await sleep(50);
  }
  const time = performance.now() - started;
  const peaks = watch.stop();
  await sleep(SETTLE_MS);
  row(label, peaks, time, `${residentMb(server.pid!)} MB ${SETTLE_MS / 1000} s later`);
  server.kill('SIGTERM');
  await exited;
}

/** A backup of `customers` customers with a ledger entry each, written from a scratch embedded database. */
async function makeBackup(customers: number): Promise<{ file: string; rows: number }> {
  const source = await openFreshDatabase('pglite', 'bench-memory-source', undefined);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rewards-bench-memory-file-')), 'backup.gz');
  try {
    await migrateDatabase(source.handle);
    await fillBackupProgramme(source.handle, customers, false);
    const written = await writeBackup(source.handle, file);
    return { file, rows: Object.values(written.counts).reduce((sum, count) => sum + count, 0) };
  } finally {
    await source.drop();
  }
}

/** The node options and script of an npm script that runs `node …` (package.json), to run it without npm. */
function npmScript(name: string): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [command, ...args] = scripts[name]!.split(' ');
  if (command !== 'node') throw new Error(`npm run ${name} does not run node`);
  return args;
}

/** `npm run restore -- FILE` as an operator runs it (the npm script's node options and tsx), into an empty DATA_DIR. */
async function measureRestore(label: string, file: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-bench-memory-restore-'));
  try {
    const started = performance.now();
    const restore = spawn(process.execPath, [...npmScript('restore'), file], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: 'm'.repeat(40) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    restore.stdout.on('data', (chunk) => (output += chunk));
    restore.stderr.on('data', (chunk) => (output += chunk));
    const watch = watchMemory(restore.pid!);
    const code = await new Promise((resolve) => restore.once('exit', resolve));
    const peaks = watch.stop();
    if (code !== 0) throw new Error(`the restore failed (${String(code)}):\n${output}`);
    row(label, peaks, performance.now() - started);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureServerBuild();
console.log(
  '| measurement | its process | its process while one it started ran | largest process it started | all together | time | |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-bench-memory-'));
try {
  await measureStart('first start on an empty DATA_DIR, until /api/health answers', dataDir);
  await measureStart('second start on the same DATA_DIR', dataDir);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const backup = await makeBackup(CUSTOMERS);
try {
  await measureRestore(
    `\`npm run restore\` of ${backup.rows.toLocaleString('en-US')} rows (${(statSync(backup.file).size / 1e6).toFixed(1)} MB) into an empty DATA_DIR`,
    backup.file,
  );
} finally {
  rmSync(path.dirname(backup.file), { recursive: true, force: true });
}
