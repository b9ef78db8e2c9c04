import { itemImageVariants } from '@app/common';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cartItems, items, pictureFiles } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { createAdmin, createCustomer, createSuperadmin } from '../../test/factories';
import { bearer, loginAs, useTestApp } from '../../test/http';
import { pictureOf, pngClaiming } from '../../test/images';

const t = useTestApp();
let admin: string;
let superadmin: string;
let customer: string;
let customerId: string;

beforeAll(async () => {
  const adminUser = await createAdmin(t.db);
  const superadminUser = await createSuperadmin(t.db);
  const customerUser = await createCustomer(t.db);
  customerId = customerUser.id;
  admin = await loginAs(t.app, adminUser.username, adminUser.password);
  superadmin = await loginAs(t.app, superadminUser.username, superadminUser.password);
  customer = await loginAs(t.app, customerUser.username, customerUser.password);
});

/** Every stored picture file's path: a refused or failed write must add none. */
const storedFiles = async () => (await t.db.select({ path: pictureFiles.path }).from(pictureFiles)).map((row) => row.path).sort();

type Fields = Record<string, string>;
const KETTLE: Fields = {
  name: 'Electric Kettle',
  description: '<p>1.5 litre, <strong>steel</strong></p>',
  pointsRequired: '2500.5',
  discount: '500',
  stock: '4',
};

function postItem(token: string, fields: Fields, image?: { bytes: Buffer; filename: string; contentType?: string }) {
  const call = request(t.app).post('/api/item').set(bearer(token));
  for (const [name, value] of Object.entries(fields)) void call.field(name, value);
  if (image) void call.attach('image', image.bytes, { filename: image.filename, contentType: image.contentType ?? 'image/png' });
  return call;
}

function putItem(token: string, id: string, fields: Fields, image?: { bytes: Buffer; filename: string }) {
  const call = request(t.app).put(`/api/item/${id}`).set(bearer(token));
  for (const [name, value] of Object.entries(fields)) void call.field(name, value);
  if (image) void call.attach('image', image.bytes, { filename: image.filename, contentType: 'image/png' });
  return call;
}

describe('POST /api/item', () => {
  it('when an admin adds an item with a photo, then 201 the item, and the photo is served re-encoded as WebP without its metadata', async () => {
    const photo = await pictureOf('jpeg', { width: 1600, height: 1200, exifComment: 'home address 12 Secret Lane' });

    const response = await postItem(admin, KETTLE, { bytes: photo, filename: 'kettle.jpg', contentType: 'image/jpeg' });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      _id: expect.any(String),
      name: 'Electric Kettle',
      description: '<p>1.5 litre, <strong>steel</strong></p>',
      pointsRequired: 2500.5,
      discount: 500,
      stock: 4,
      images: [expect.stringMatching(/^uploads\/[0-9a-f-]{36}-1200w\.webp$/)],
    });
    const stored = response.body.images[0] as string;
    expect(response.body.image).toBe(stored);
    expect(itemImageVariants(stored).map((variant) => variant.width)).toEqual([320, 640, 1200]);

    for (const variant of itemImageVariants(stored)) {
      const served = await request(t.app)
        .get(`/${variant.path}`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Without CORS_ORIGINS the picture is for this origin only.
      expect(served.headers['cross-origin-resource-policy']).toBe('same-origin');
      const metadata = await sharp(served.body as Buffer).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.width).toBe(variant.width);
      expect(metadata.exif).toBeUndefined();
      expect((served.body as Buffer).includes('Secret Lane')).toBe(false);
    }
  });

  it('when a superadmin adds an item without a photo and without a discount, then the discount is 0 and there are no images', async () => {
    const { discount: _ignored, ...withoutDiscount } = KETTLE;
    const response = await postItem(superadmin, { ...withoutDiscount, name: 'Table Fan' });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Table Fan', discount: 0, images: [], image: null });
  });

  it.each([
    ['a discount equal to the points', { discount: '2500.5' }, 'discount', 'Discount must be less than points required'],
    ['a discount above the points', { discount: '3000' }, 'discount', 'Discount must be less than points required'],
    ['a negative stock', { stock: '-1' }, 'stock', 'Stock cannot be negative'],
    ['a fractional stock', { stock: '2.5' }, 'stock', 'Stock must be a whole number'],
    ['points of 0', { pointsRequired: '0' }, 'pointsRequired', 'Points required must be more than 0'],
    ['points with 3 decimals', { pointsRequired: '10.125' }, 'pointsRequired', 'Use at most 2 decimals'],
    ['a negative discount', { discount: '-5' }, 'discount', 'Discount cannot be negative'],
    ['points that are not a number', { pointsRequired: 'lots' }, 'pointsRequired', 'Points required must be a number'],
  ])('when the form has %s, then 400 naming the field and nothing is stored', async (_case, change, field, message) => {
    const itemsBefore = await t.db.select().from(items);
    const filesBefore = await storedFiles();

    const response = await postItem(admin, { ...KETTLE, ...change }, { bytes: await pictureOf('png'), filename: 'ok.png' });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: expect.arrayContaining([{ field, message }]) });
    expect(await t.db.select().from(items)).toHaveLength(itemsBefore.length);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('when required fields are missing, then 400 names each of them', async () => {
    const response = await postItem(admin, { discount: '1' });

    expect(response.status).toBe(400);
    expect(response.body.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Item name is required' },
        { field: 'description', message: 'Description is required' },
        { field: 'pointsRequired', message: 'Points required must be a number' },
        { field: 'stock', message: 'Stock must be a number' },
      ]),
    );
  });

  it('when a customer or nobody tries to add an item, then 403 or 401 and nothing is stored', async () => {
    const filesBefore = await storedFiles();
    const asCustomer = await postItem(customer, KETTLE, { bytes: await pictureOf('png'), filename: 'a.png' });
    const anonymous = await request(t.app).post('/api/item').field('name', 'Sneaky');

    expect(asCustomer.status).toBe(403);
    expect(anonymous.status).toBe(401);
    expect(await t.db.select().from(items).where(eq(items.name, 'Sneaky'))).toHaveLength(0);
    expect(await storedFiles()).toEqual(filesBefore);
  });
});

describe('hostile uploads', () => {
  const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const cases: [string, () => { bytes: Buffer; filename: string } | Promise<{ bytes: Buffer; filename: string }>, number][] = [
    [
      'text named .png',
      () => ({ bytes: Buffer.from('just some words, not a picture\n'.repeat(20)), filename: 'notes.png' }),
      415,
    ],
    [
      'a zip renamed .jpg',
      () => ({ bytes: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(600, 7)]), filename: 'archive.jpg' }),
      415,
    ],
    [
      'an SVG with a script',
      () => ({
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
        ),
        filename: 'logo.png',
      }),
      415,
    ],
    ['an empty file', () => ({ bytes: Buffer.alloc(0), filename: 'empty.png' }), 415],
    ['a 6 MB file', () => ({ bytes: Buffer.concat([pngHeader, Buffer.alloc(6 * 1024 * 1024, 1)]), filename: 'huge.png' }), 413],
    [
      'a truncated PNG',
      async () => {
        const whole = await pictureOf('png', { width: 600, height: 400 });
        return { bytes: whole.subarray(0, Math.floor(whole.length / 2)), filename: 'cut.png' };
      },
      415,
    ],
    [
      'a picture of too many pixels (a decompression bomb)',
      async () => ({
        bytes: await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
        filename: 'bomb.png',
      }),
      413,
    ],
    // Beyond sharp's own default limit (268 MP), which would call it undecodable: still "too many pixels".
    ['a PNG claiming 60,000 × 60,000 pixels', () => ({ bytes: pngClaiming(60_000, 60_000), filename: 'giant.png' }), 413],
  ];

  it.each(cases)(
    'when an admin uploads %s, then it is refused with the image field named and nothing is stored',
    async (_case, make, status) => {
      const itemsBefore = await t.db.select().from(items);
      const filesBefore = await storedFiles();

      const response = await postItem(admin, { ...KETTLE, name: 'Hostile upload' }, await make());

      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({
        error: expect.any(String),
        details: [{ field: 'image', message: expect.any(String) }],
      });
      expect(await t.db.select().from(items)).toHaveLength(itemsBefore.length);
      expect(await storedFiles()).toEqual(filesBefore);
    },
  );

  it('when the upload claims a picture type but sends GIF, WebP or PNG bytes, then each is accepted by its content', async () => {
    for (const format of ['gif', 'webp', 'png'] as const) {
      const response = await postItem(
        admin,
        { ...KETTLE, name: `Picture ${format}` },
        { bytes: await pictureOf(format, { width: 200, height: 150 }), filename: 'x.bin' },
      );
      expect({ format, status: response.status }).toEqual({ format, status: 201 });
    }
  });
});

describe('HTML descriptions', () => {
  const vectors = [
    '<script>alert(1)</script>',
    '<img src=x onerror="alert(1)">',
    '<p onclick="alert(1)">click</p>',
    '<a href="javascript:alert(1)">link</a>',
    '<a href="JaVaScRiPt:alert(1)">link</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">encoded</a>',
    '<a href="jav&#x09;ascript:alert(1)">tab</a>',
    '<a href="&#x6A;avascript&colon;alert(1)">named entity</a>',
    '<iframe src="https://example.com"></iframe>',
    '<svg onload="alert(1)"><circle r="1"/></svg>',
    '<p style="width: expression(alert(1))">css</p>',
    '<div style="background:url(javascript:alert(1))">bg</div>',
    '<style>body{background:url("javascript:alert(1)")}</style>',
    '<object data="x.swf"></object><embed src="x.swf">',
    '<form action="https://evil.example"><input name="p"></form>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '<scr<script>ipt>alert(1)</script>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
    '<base href="https://evil.example/">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  ];

  it('when descriptions carry XSS vectors, then what is stored has no script, handler, style, frame or dangerous link', async () => {
    for (const vector of vectors) {
      const response = await postItem(admin, { ...KETTLE, name: 'Vector', description: `<p>Safe text</p>${vector}` });
      expect(response.status).toBe(201);
      const stored = (
        await t.db
          .select({ description: items.description })
          .from(items)
          .where(eq(items.id, response.body._id as string))
      )[0]!.description;
      expect({ vector, stored }).toEqual({ vector, stored: response.body.description });
      expect({ vector, stored }).toEqual({
        vector,
        stored: expect.not.stringMatching(
          /<script|<iframe|<svg|<style|<object|<embed|<form|<input|<math|<base|<meta|<img|\son\w+=|style=|javascript:|data:|expression\(/i,
        ),
      });
      expect(stored.startsWith('<p>Safe text</p>')).toBe(true);
      // A refused link keeps its words, not a dead <a> that looks clickable.
      expect({ vector, stored }).toEqual({ vector, stored: expect.not.stringMatching(/<a(?![^>]*\shref=)/) });
    }
  });

  it('when a link’s address is refused, then its words stay as plain text', async () => {
    const response = await postItem(admin, { ...KETTLE, description: '<p>See <a href="javascript:alert(1)">the maker</a>.</p>' });

    expect(response.body.description).toBe('<p>See <span>the maker</span>.</p>');
  });

  it('when a description has formatting and an https link, then they are kept and the link opens safely', async () => {
    const response = await postItem(admin, {
      ...KETTLE,
      description: '<h3>Features</h3><ul><li><em>Auto</em> shut-off</li></ul><a href="https://maker.example/kettle">Maker</a>',
    });

    expect(response.body.description).toBe(
      '<h3>Features</h3><ul><li><em>Auto</em> shut-off</li></ul><a href="https://maker.example/kettle" rel="noopener noreferrer nofollow" target="_blank">Maker</a>',
    );
  });
});

describe('GET /api/item/itm/{id}', () => {
  it('when a signed-in user asks for an item, then it comes back; a deleted, unknown or malformed id is 404 or 400', async () => {
    const created = await postItem(admin, { ...KETTLE, name: 'Steam Iron' });
    const id = created.body._id as string;

    const found = await request(t.app).get(`/api/item/itm/${id}`).set(bearer(customer));
    const unknown = await request(t.app).get('/api/item/itm/00000000-0000-4000-8000-000000000000').set(bearer(customer));
    const malformed = await request(t.app).get('/api/item/itm/not-an-id').set(bearer(customer));
    const anonymous = await request(t.app).get(`/api/item/itm/${id}`);

    expect(found.status).toBe(200);
    expect(found.body).toEqual(created.body);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', error: 'Item not found' });
    expect(malformed.status).toBe(400);
    expect(anonymous.status).toBe(401);
  });
});

describe('PUT /api/item/{id}', () => {
  it('when an admin edits an item without a photo, then the fields change and the picture stays', async () => {
    const created = await postItem(admin, { ...KETTLE, name: 'Mixer' }, { bytes: await pictureOf('png'), filename: 'mixer.png' });
    const id = created.body._id as string;

    const response = await putItem(admin, id, {
      ...KETTLE,
      name: 'Mixer Grinder',
      pointsRequired: '3000',
      discount: '',
      stock: '0',
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      _id: id,
      name: 'Mixer Grinder',
      pointsRequired: 3000,
      discount: 0,
      stock: 0,
      images: created.body.images,
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['item.create', 'item.update']);
  });

  it('when a new photo replaces the old one, then the item shows the new one and the old file is still served', async () => {
    const created = await postItem(admin, { ...KETTLE, name: 'Toaster' }, { bytes: await pictureOf('png'), filename: 'a.png' });
    const oldPath = created.body.images[0] as string;

    const response = await putItem(
      admin,
      created.body._id as string,
      { ...KETTLE, name: 'Toaster' },
      { bytes: await pictureOf('jpeg'), filename: 'b.jpg' },
    );

    expect(response.status).toBe(200);
    expect(response.body.images).toEqual([expect.stringMatching(/^uploads\/[0-9a-f-]{36}-800w\.webp$/)]);
    expect(response.body.images[0]).not.toBe(oldPath);
    expect((await request(t.app).get(`/${oldPath}`)).status).toBe(200);
    expect((await request(t.app).get(`/${response.body.images[0] as string}`)).status).toBe(200);
  });

  it('when the item is unknown or deleted, then 404 and the uploaded photo is not left stored', async () => {
    const filesBefore = await storedFiles();

    const response = await putItem(admin, '00000000-0000-4000-8000-000000000000', KETTLE, {
      bytes: await pictureOf('png'),
      filename: 'a.png',
    });
    const malformed = await putItem(admin, 'abc', KETTLE);

    expect(response.status).toBe(404);
    expect(malformed.status).toBe(400);
    expect(await storedFiles()).toEqual(filesBefore);
  });
});

describe('DELETE /api/item/{id}', () => {
  it('when an admin deletes an item, then it leaves the catalogue, the product page and every cart at once, and stays in the database', async () => {
    const created = await postItem(admin, { ...KETTLE, name: 'Juicer' });
    const id = created.body._id as string;
    await t.db.insert(cartItems).values({ userId: customerId, itemId: id, quantity: 2 });
    expect(((await request(t.app).get('/api/item')).body as { _id: string }[]).map((item) => item._id)).toContain(id);

    const response = await request(t.app).delete(`/api/item/${id}`).set(bearer(admin));

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Item deleted', _id: id });
    expect(((await request(t.app).get('/api/item')).body as { _id: string }[]).map((item) => item._id)).not.toContain(id);
    expect((await request(t.app).get(`/api/item/itm/${id}`).set(bearer(customer))).status).toBe(404);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.itemId, id))).toHaveLength(0);
    expect((await t.db.select().from(items).where(eq(items.id, id)))[0]).toMatchObject({
      name: 'Juicer',
      deletedAt: expect.any(Date),
    });
    expect((await request(t.app).delete(`/api/item/${id}`).set(bearer(admin))).status).toBe(404);
    expect((await putItem(admin, id, KETTLE)).status).toBe(404);
  });

  it('when a customer tries to delete an item, then 403 and it stays', async () => {
    const created = await postItem(admin, { ...KETTLE, name: 'Blender' });

    const response = await request(t.app)
      .delete(`/api/item/${created.body._id as string}`)
      .set(bearer(customer));

    expect(response.status).toBe(403);
    expect(
      (
        await request(t.app)
          .get(`/api/item/itm/${created.body._id as string}`)
          .set(bearer(customer))
      ).status,
    ).toBe(200);
  });
});

describe('GET /uploads/…', () => {
  it('when a path outside the generated names is asked for, then 400 or 404 and no file of the server is served', async () => {
    for (const probe of [
      '/uploads/../jwt-secret',
      '/uploads/%2e%2e/jwt-secret',
      '/uploads/.hidden.tmp',
      '/uploads/nothing.webp',
      '/uploads/a%00.webp',
      '/uploads/a\u0000.webp',
      `/uploads/${'a'.repeat(5000)}.webp`,
      '/uploads/db/PG_VERSION',
      '/uploads/',
    ]) {
      const response = await request(t.app).get(probe);
      expect({ probe, refused: [400, 404].includes(response.status), json: response.headers['content-type'] }).toEqual({
        probe,
        refused: true,
        json: expect.stringMatching(/^application\/json/),
      });
    }
  });
});
