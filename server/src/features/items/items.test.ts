import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { itemImages, items } from '../../db/schema';
import { useTestApp } from '../../test/http';

const t = useTestApp();

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
});
