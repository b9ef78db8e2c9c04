import { describe, expect, it } from 'vitest';
import { cachedJsonAnswer } from './json-answer';

function counterLoad(values: unknown[]) {
  let calls = 0;
  const load = () => {
    const value = values[Math.min(calls, values.length - 1)];
    calls += 1;
    return Promise.resolve(value);
  };
  return { load, calls: () => calls };
}

describe('cachedJsonAnswer', () => {
  it('when asked again within the time, then the answer is not loaded again; after it, it is', async () => {
    let time = 0;
    const cache = cachedJsonAnswer({ ttlMs: 1000, now: () => time });
    const source = counterLoad([['a'], ['a', 'b']]);

    const first = await cache.get(source.load);
    time = 999;
    const second = await cache.get(source.load);
    time = 1000;
    const third = await cache.get(source.load);

    expect(second).toBe(first);
    expect(JSON.parse(third.body.toString('utf8'))).toEqual(['a', 'b']);
    expect(source.calls()).toBe(2);
  });

  it('when the process changes what it holds and invalidates, then the next request loads afresh at once', async () => {
    const cache = cachedJsonAnswer({ ttlMs: 60_000, now: () => 0 });
    const source = counterLoad([{ stock: 5 }, { stock: 4 }]);

    await cache.get(source.load);
    cache.invalidate();
    const after = await cache.get(source.load);

    expect(JSON.parse(after.body.toString('utf8'))).toEqual({ stock: 4 });
  });

  it('when a reload gives the same bytes, then the same answer (and its compressed copies) is kept', async () => {
    let time = 0;
    const cache = cachedJsonAnswer({ ttlMs: 10, now: () => time });
    const source = counterLoad([{ items: [1, 2, 3] }]);

    const first = await cache.get(source.load);
    time = 50;
    const reloaded = await cache.get(source.load);

    expect(source.calls()).toBe(2);
    expect(reloaded).toBe(first);
  });

  it('when a load fails, then the failure is not kept: the next request tries again', async () => {
    const cache = cachedJsonAnswer({ ttlMs: 60_000, now: () => 0 });
    let fail = true;
    const load = () => (fail ? Promise.reject(new Error('database away')) : Promise.resolve(['back']));

    await expect(cache.get(load)).rejects.toThrow('database away');
    fail = false;
    const answer = await cache.get(load);

    expect(JSON.parse(answer.body.toString('utf8'))).toEqual(['back']);
  });
});
