// `node --import tsx bench/pictures.bench.ts`: how long one picture takes to serve at /uploads/… when this
// server has it in memory and when it must read it from the database first (decision 013). In-process (the
// app of server/src/app.ts on a port), on a fresh embedded database and, when BENCH_DATABASE_URL (or
// TEST_DATABASE_URL) names a PostgreSQL server as a superuser, on a scratch database there.
//
// BENCH_PICTURES (default 300) pictures of the size a phone photo makes (its 640 px WebP); the first pass asks
// for each once (not in memory: a database read), the second pass asks again (from memory). One request at a
// time over one kept-alive connection, so the figures are latencies, not throughput.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { createFreshDatabase } from '../faults/postgres';
// The server's additions to Express's Request (req.user, req.valid, req.log), which createApp's files use.
import type {} from '../server/src/types/express';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase, type DatabaseHandle } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { pictureFiles } from '../server/src/db/schema';
import { systemClock } from '../server/src/lib/clock';
import { createLogger } from '../server/src/lib/logger';
import { prepareImage } from '../server/src/lib/uploads';

const PICTURES = Number(process.env.BENCH_PICTURES ?? 300);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function photo(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const noise = Buffer.alloc(width * height * 3);
  for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 7919 + (index >> 5) * 104729) % 251;
  // Noise, lightly blurred: about the size a product photo's 640 px WebP has (tens of KB).
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(0.6)
    .jpeg()
    .toBuffer();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function pass(baseUrl: string, paths: string[]): Promise<string> {
  const times: number[] = [];
  for (const stored of paths) {
    const started = performance.now();
    const answer = await fetch(`${baseUrl}/${stored}`);
    await answer.arrayBuffer();
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`${stored}: ${answer.status}`);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  return `mean ${mean.toFixed(2)} ms, p50 ${percentile(times, 0.5).toFixed(2)} ms, p99 ${percentile(times, 0.99).toFixed(2)} ms`;
}

async function measureOn(label: string, database: DatabaseHandle): Promise<void> {
  await migrateDatabase(database);
  const image = await prepareImage(await photo());
  const size = image.files.find((file) => file.width === 640)!;
  const paths = Array.from({ length: PICTURES }, (_, index) => `uploads/bench-${String(index).padStart(5, '0')}-640w.webp`);
  for (let start = 0; start < paths.length; start += 100) {
    await database.db.insert(pictureFiles).values(paths.slice(start, start + 100).map((stored) => ({ ...size, path: stored })));
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-bench-pictures-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
  const app = createApp({
    db: database.db,
    config,
    jwtSecret: 'x'.repeat(40),
    logger: createLogger('silent'),
    clock: systemClock,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    console.log(`${label}: ${PICTURES} pictures of ${size.bytes.length.toLocaleString('en-US')} bytes (640 px WebP)`);
    console.log(`  not in memory (database read): ${await pass(baseUrl, paths)}`);
    console.log(`  in memory:                     ${await pass(baseUrl, paths)}`);
  } finally {
    server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pgliteDir = mkdtempSync(path.join(tmpdir(), 'rewards-bench-pglite-'));
const pglite = await openDatabase({ dataDir: pgliteDir });
try {
  await measureOn('embedded database (PGlite)', pglite);
} finally {
  await pglite.close();
  rmSync(pgliteDir, { recursive: true, force: true });
}
if (POSTGRES_URL) {
  const fresh = await createFreshDatabase({ adminUrl: POSTGRES_URL, prefix: 'bench_pictures' });
  const postgres = await openDatabase({ databaseUrl: fresh.url, dataDir: tmpdir() });
  try {
    await measureOn('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await fresh.drop();
  }
}
