import { itemImageVariants } from '@app/common';
import { eq, like } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { wrapPostgresPool, type DatabaseHandle } from '../../db/client';
import { pictureFiles } from '../../db/schema';
import { createLogger, type Logger } from '../../lib/logger';
import { uploadsDir } from '../../lib/uploads';
import { createAdmin } from '../../test/factories';
import { bearer, loginAs, useTestApp } from '../../test/http';
import { pictureOf } from '../../test/images';
import { testConfig } from '../../test/test-config';
import { importPictureFolder } from './pictures.service';

// Two servers on one database, each with a DATA_DIR of its own (README "Several servers"): `t.app` takes the
// uploads, `other` serves them.
const t = useTestApp();
let other: ReturnType<typeof createApp>;
let admin: string;

beforeAll(async () => {
  other = createApp({ ...t.deps, config: testConfig() });
  const adminUser = await createAdmin(t.db);
  admin = await loginAs(t.app, adminUser.username, adminUser.password);
});

const binary = (call: request.Test) =>
  call.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

async function uploadItem(picture: Buffer): Promise<string> {
  const response = await request(t.app)
    .post('/api/item')
    .set(bearer(admin))
    .field('name', `Pictured ${randomUUID().slice(0, 8)}`)
    .field('description', '<p>With a picture</p>')
    .field('pointsRequired', '100')
    .field('stock', '3')
    .attach('image', picture, { filename: 'photo.png', contentType: 'image/png' });
  expect(response.status).toBe(201);
  return response.body.images[0] as string;
}

const rowsOf = (stored: string) =>
  t.db
    .select({ path: pictureFiles.path, width: pictureFiles.width, bytes: pictureFiles.bytes })
    .from(pictureFiles)
    .where(like(pictureFiles.path, `${stored.replace(/-\d+w\.webp$/, '')}-%`));

describe('GET /uploads/… on several servers', () => {
  it('when a picture is uploaded through one server, then another server with its own DATA_DIR serves every size with the stored bytes and headers', async () => {
    const stored = await uploadItem(await pictureOf('png', { width: 1600, height: 1200 }));

    const rows = await rowsOf(stored);
    expect(rows.map((row) => [row.path, row.width])).toEqual(
      expect.arrayContaining(itemImageVariants(stored).map((variant) => [variant.path, variant.width])),
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const served = await binary(request(other).get(`/${row.path}`));
      expect(served.status).toBe(200);
      expect(served.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'content-length': String(row.bytes.length),
      });
      expect(Buffer.compare(served.body as Buffer, row.bytes)).toBe(0);
      expect((await sharp(served.body as Buffer).metadata()).width).toBe(row.width);
    }
    // Neither server wrote a file: the pictures are only in the database.
    expect(existsSync(uploadsDir(t.config.DATA_DIR))).toBe(false);
  });

  it('when a browser asks with HEAD or with the ETag it holds, then headers without a body, or 304', async () => {
    const stored = await uploadItem(await pictureOf('png', { width: 400, height: 300 }));

    const head = await request(other).head(`/${stored}`);
    const again = await request(other).get(`/${stored}`).set('If-None-Match', String(head.headers.etag));

    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.headers['content-length']).toBe(String((await rowsOf(stored)).find((row) => row.path === stored)!.bytes.length));
    expect(head.body).toEqual({});
    expect(again.status).toBe(304);
  });

  it('when a small picture is uploaded, then only the sizes it has are stored, each named and labelled with its real width', async () => {
    const stored = await uploadItem(await pictureOf('png', { width: 500, height: 375 }));

    expect(stored).toMatch(/^uploads\/[0-9a-f-]{36}-500w\.webp$/);
    const variants = itemImageVariants(stored);
    expect(variants.map((variant) => variant.width)).toEqual([320, 500]);
    expect((await rowsOf(stored)).map((row) => [row.path, row.width]).sort()).toEqual(
      variants.map((variant) => [variant.path, variant.width]).sort(),
    );
    for (const variant of variants) {
      const served = await binary(request(other).get(`/${variant.path}`));
      expect((await sharp(served.body as Buffer).metadata()).width).toBe(variant.width);
    }
    const wider = stored.replace('-500w.webp', '-640w.webp');
    expect((await request(other).get(`/${wider}`)).status).toBe(404);
  });

  it('when a picture is not stored, then 404 in the contract’s error shape, not cached by the browser', async () => {
    const response = await request(other).get(`/uploads/${randomUUID()}-1200w.webp`);

    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('when an item write fails after its picture was prepared, then no picture row is left', async () => {
    const before = await t.db.select({ path: pictureFiles.path }).from(pictureFiles);

    const response = await request(t.app)
      .put(`/api/item/${randomUUID()}`)
      .set(bearer(admin))
      .field('name', 'Gone')
      .field('description', '<p>x</p>')
      .field('pointsRequired', '100')
      .field('stock', '1')
      .attach('image', await pictureOf('png', { width: 300, height: 200 }), { filename: 'a.png', contentType: 'image/png' });

    expect(response.status).toBe(404);
    expect(await t.db.select({ path: pictureFiles.path }).from(pictureFiles)).toHaveLength(before.length);
  });
});

describe('GET /uploads/… while the database cannot be reached', () => {
  let unreachable: DatabaseHandle;

  beforeAll(async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    unreachable = wrapPostgresPool(
      new pg.Pool({ connectionString: `postgres://rewards:rewards@127.0.0.1:${port}/rewards`, connectionTimeoutMillis: 1_000 }),
    );
  });
  afterAll(() => unreachable.close());

  it('when a picture not yet in memory is asked for, then 503 DATABASE_UNAVAILABLE like the rest of the API, never 500', async () => {
    const app = createApp({ ...t.deps, db: unreachable.db });

    const response = await request(app).get(`/uploads/${randomUUID()}-320w.webp`);

    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(response.headers['retry-after']).toBe('5');
  });
});

describe('moving an older server’s pictures folder into the database', () => {
  function collectingLogger(): { logger: Logger; warnings: string[] } {
    const warnings: string[] = [];
    const logger = createLogger('info', {
      write: (line: string) => {
        const entry = JSON.parse(line) as { level: number; file?: string };
        if (entry.level === 40 && entry.file) warnings.push(entry.file);
      },
    });
    return { logger, warnings };
  }

  it('when a DATA_DIR holds pictures of older versions, then they are stored and served, twice changes nothing, odd files are skipped and every file stays', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-old-uploads-'));
    const folder = uploadsDir(dataDir);
    mkdirSync(folder);
    const name = randomUUID();
    const wide = await sharp(await pictureOf('png', { width: 1200, height: 900 }))
      .webp()
      .toBuffer();
    const small = await sharp(await pictureOf('png', { width: 300, height: 225 }))
      .webp()
      .toBuffer();
    writeFileSync(path.join(folder, `${name}.webp`), wide);
    // An older server kept a 300 px upload's "640" size at 300 px: its real width is what is stored.
    writeFileSync(path.join(folder, `${name}-w640.webp`), small);
    writeFileSync(path.join(folder, `.${name}-w320.webp.tmp`), small.subarray(0, 10));
    writeFileSync(path.join(folder, 'notes.txt'), 'not a picture');
    writeFileSync(path.join(folder, 'logo.webp'), await pictureOf('png', { width: 20, height: 20 }));
    mkdirSync(path.join(folder, 'nested'));
    const { logger, warnings } = collectingLogger();

    const first = await importPictureFolder(t.db, dataDir, logger);
    const second = await importPictureFolder(t.db, dataDir, logger);

    expect(first).toEqual({ imported: 2, skipped: 4 });
    expect(second).toEqual({ imported: 0, skipped: 4 });
    expect(new Set(warnings)).toEqual(new Set([`.${name}-w320.webp.tmp`, 'notes.txt', 'logo.webp', 'nested']));
    const stored = await t.db
      .select({ path: pictureFiles.path, width: pictureFiles.width })
      .from(pictureFiles)
      .where(like(pictureFiles.path, `uploads/${name}%`));
    expect(stored.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: `uploads/${name}-w640.webp`, width: 300 },
      { path: `uploads/${name}.webp`, width: 1200 },
    ]);
    const served = await binary(request(other).get(`/uploads/${name}.webp`));
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body as Buffer, wide)).toBe(0);
    // An older name is shown by `src` alone: its sizes were labelled by the width asked for.
    expect(itemImageVariants(`uploads/${name}.webp`)).toEqual([{ path: `uploads/${name}.webp`, width: undefined }]);
    expect(readdirSync(folder)).toHaveLength(6);
  });

  it('when a path of the folder is stored already, then its row is kept as it is', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-old-uploads-'));
    mkdirSync(uploadsDir(dataDir));
    const name = `${randomUUID()}.webp`;
    const original = await sharp(await pictureOf('png', { width: 100, height: 100 }))
      .webp()
      .toBuffer();
    await t.db.insert(pictureFiles).values({ path: `uploads/${name}`, contentType: 'image/webp', width: 100, bytes: original });
    writeFileSync(
      path.join(uploadsDir(dataDir), name),
      await sharp(await pictureOf('png', { width: 50, height: 50 }))
        .webp()
        .toBuffer(),
    );

    const result = await importPictureFolder(t.db, dataDir, createLogger('silent'));

    expect(result).toEqual({ imported: 0, skipped: 0 });
    const [row] = await t.db
      .select()
      .from(pictureFiles)
      .where(eq(pictureFiles.path, `uploads/${name}`));
    expect(row?.width).toBe(100);
  });

  it('when DATA_DIR has no pictures folder, then nothing happens', async () => {
    const result = await importPictureFolder(
      t.db,
      mkdtempSync(path.join(tmpdir(), 'rewards-no-uploads-')),
      createLogger('silent'),
    );

    expect(result).toEqual({ imported: 0, skipped: 0 });
  });
});
