import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { prepareImage } from '../../lib/uploads';
import { storePicture } from '../pictures/pictures.service';
import { useTestApp } from '../../test/http';
import { pictureOf } from '../../test/images';

const t = useTestApp({ config: { CORS_ORIGINS: 'https://shop.example' } });

describe('GET /uploads/… with CORS_ORIGINS set', () => {
  it('when a client hosted elsewhere shows an item picture, then the answer allows cross-origin use', async () => {
    const stored = await prepareImage(await pictureOf('png', { width: 100, height: 80 }));
    await storePicture(t.db, stored);

    const response = await request(t.app).get(`/${stored.path}`).set('Origin', 'https://shop.example');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
