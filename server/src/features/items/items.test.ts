import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { itemImages, items } from '../../db/schema';
import { useTestApp } from '../../test/http';
import { CATALOGUE_CACHE_MS } from './items.routes';

const t = useTestApp();

// The catalogue is answered from memory for CATALOGUE_CACHE_MS: a test that changes items straight in the
// database (as another server process would) advances the clock past it before asking again.
const letCatalogueCacheExpire = () => t.clock.advance(CATALOGUE_CACHE_MS);

describe('GET /api/item', () => {
  it('when anyone asks without signing in, then every item not deleted comes back with exact points and its images', async () => {
    const [kettle] = await t.db
      .insert(items)
      .values({ name: 'Electric Kettle', description: '<p>1.5 litre</p>', pointsRequired: 250050, discount: 5025, stock: 4 })
      .returning();
    await t.db.insert(itemImages).values({ itemId: kettle!.id, path: 'uploads/kettle.webp' });
    await t.db.insert(items).values({ name: 'Old Radio', pointsRequired: 100, stock: 1, deletedAt: new Date() });
    await t.db.insert(items).values({ name: 'Torch', pointsRequired: 9900, stock: 0 });

    const response = await request(t.app).get('/api/item');

    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        _id: kettle!.id,
        name: 'Electric Kettle',
        description: '<p>1.5 litre</p>',
        pointsRequired: 2500.5,
        discount: 50.25,
        stock: 4,
        images: ['uploads/kettle.webp'],
        image: 'uploads/kettle.webp',
        createdAt: expect.any(String),
      },
      expect.objectContaining({ name: 'Torch', pointsRequired: 99, stock: 0, images: [], image: null }),
    ]);
  });

  it('when another process changes an item, then the catalogue shows it within CATALOGUE_CACHE_MS, not before', async () => {
    letCatalogueCacheExpire();
    const before = await request(t.app).get('/api/item');
    await t.db.insert(items).values({ name: 'Ceiling Fan', pointsRequired: 500000, stock: 2 });

    const meanwhile = await request(t.app).get('/api/item');
    t.clock.advance(CATALOGUE_CACHE_MS);
    const after = await request(t.app).get('/api/item');

    expect(meanwhile.body).toEqual(before.body);
    expect(after.body).toHaveLength((before.body as unknown[]).length + 1);
    expect(after.body).toContainEqual(expect.objectContaining({ name: 'Ceiling Fan', pointsRequired: 5000 }));
  });

  it('when the browser accepts Brotli, then the catalogue comes compressed and decodes to the same answer', async () => {
    letCatalogueCacheExpire();
    await t.db
      .insert(items)
      .values(
        Array.from({ length: 30 }, (_, index) => ({ name: `Catalogue item ${index}`, pointsRequired: 1000 + index, stock: 1 })),
      );
    t.clock.advance(CATALOGUE_CACHE_MS);

    const plain = await request(t.app).get('/api/item');
    // supertest decodes the Brotli body, as a browser does.
    const compressed = await request(t.app).get('/api/item').set('Accept-Encoding', 'br');

    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/^application\/json/);
    expect(compressed.headers['vary']).toMatch(/Accept-Encoding/);
    expect(compressed.body).toEqual(plain.body);
  });
});
