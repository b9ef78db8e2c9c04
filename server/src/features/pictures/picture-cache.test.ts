import { describe, expect, it } from 'vitest';
import { PictureCache } from './picture-cache';

const file = (size: number) => ({ bytes: Buffer.alloc(size) });

function counting(found: Map<string, { bytes: Buffer }>) {
  const loads: string[] = [];
  const load = (path: string) => {
    loads.push(path);
    return Promise.resolve(found.get(path));
  };
  return { loads, load };
}

describe('PictureCache', () => {
  it('when pictures add up to more than its bound, then the least recently served go and the total stays within it', async () => {
    const cache = new PictureCache({ maxBytes: 1_000, missMs: 1_000, maxMisses: 10 });
    const { loads, load } = counting(new Map([...'abcde'].map((name) => [name, file(250)])));

    for (const path of 'abcd') await cache.get(path, load);
    await cache.get('a', load); // a is now the most recent: b goes first
    await cache.get('e', load);
    await cache.get('a', load);
    await cache.get('b', load);

    expect(loads).toEqual(['a', 'b', 'c', 'd', 'e', 'b']);
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
  });

  it('when a picture is larger than a quarter of the bound, then it is served but not kept', async () => {
    const cache = new PictureCache({ maxBytes: 1_000, missMs: 1_000, maxMisses: 10 });
    const { loads, load } = counting(new Map([['big', file(400)]]));

    expect((await cache.get('big', load))?.bytes.length).toBe(400);
    await cache.get('big', load);

    expect(loads).toEqual(['big', 'big']);
    expect(cache.bytes).toBe(0);
  });

  it('when a path was missing, then it is answered missing only until missMs has passed, and then found once stored', async () => {
    let now = 0;
    const cache = new PictureCache({ maxBytes: 1_000, missMs: 2_000, maxMisses: 10, now: () => now });
    const found = new Map<string, { bytes: Buffer }>();
    const { loads, load } = counting(found);

    expect(await cache.get('late', load)).toBeUndefined();
    found.set('late', file(10));
    now = 1_999;
    expect(await cache.get('late', load)).toBeUndefined();
    now = 2_001;
    expect(await cache.get('late', load)).toBeDefined();

    expect(loads).toEqual(['late', 'late']);
  });

  it('when many requests ask for one path at once, then the database is asked once', async () => {
    const cache = new PictureCache({ maxBytes: 1_000, missMs: 1_000, maxMisses: 10 });
    const { loads, load } = counting(new Map([['a', file(10)]]));

    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('a', load)));

    expect(answers.every((answer) => answer?.bytes.length === 10)).toBe(true);
    expect(loads).toEqual(['a']);
  });

  it('when a load fails, then the next request tries again', async () => {
    const cache = new PictureCache({ maxBytes: 1_000, missMs: 1_000, maxMisses: 10 });
    let calls = 0;
    const flaky = () => (calls++ === 0 ? Promise.reject(new Error('database away')) : Promise.resolve(file(10)));

    await expect(cache.get('a', flaky)).rejects.toThrow('database away');
    expect(await cache.get('a', flaky)).toBeDefined();
  });

  it('when more paths are missing than it remembers, then the oldest misses are forgotten', async () => {
    const cache = new PictureCache({ maxBytes: 1_000, missMs: 60_000, maxMisses: 2 });
    const { loads, load } = counting(new Map());

    for (const path of ['x', 'y', 'z', 'x']) await cache.get(path, load);

    expect(loads).toEqual(['x', 'y', 'z', 'x']);
  });
});
