import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items } from '../db/schema';
import { createCustomer, uniqueSuffix } from '../test/factories';
import { useTestApp } from '../test/http';
import { IDEMPOTENCY_KEY_LIFETIME_MS, runOnce, type Answer } from './idempotency';

const t = useTestApp();

/** Work that writes a row (so a rollback shows) and counts its runs. */
function countingWork(name: string) {
  const work = Object.assign(
    async (tx: typeof t.db): Promise<Answer> => {
      work.runs += 1;
      const [item] = await tx.insert(items).values({ name, pointsRequired: 100 }).returning();
      return { status: 201, body: { itemId: item?.id, run: work.runs } };
    },
    { runs: 0 },
  );
  return work;
}

const itemsNamed = async (name: string) => (await t.db.select().from(items).where(eq(items.name, name))).length;

describe('runOnce (lib/idempotency.ts)', () => {
  it('when a request is sent again with its key and body, then the first answer comes back and the work ran once', async () => {
    const user = await createCustomer(t.db);
    const name = `once-${uniqueSuffix()}`;
    const work = countingWork(name);
    const request = {
      userId: user.id,
      key: `key-${uniqueSuffix()}`,
      route: 'POST /test',
      body: { a: 1, b: [2] },
      now: t.clock.now(),
    };

    const first = await runOnce(t.db, request, work);
    const again = await runOnce(t.db, { ...request, body: { b: [2], a: 1 } }, work);

    expect(first).toMatchObject({ status: 201, replayed: false, body: { run: 1 } });
    expect(again).toEqual({ ...first, replayed: true });
    expect(work.runs).toBe(1);
    expect(await itemsNamed(name)).toBe(1);
  });

  it('when the same key comes with another body or on another route, then 409 and no work', async () => {
    const user = await createCustomer(t.db);
    const name = `other-${uniqueSuffix()}`;
    const work = countingWork(name);
    const request = {
      userId: user.id,
      key: `key-${uniqueSuffix()}`,
      route: 'POST /test',
      body: { quantity: 1 },
      now: t.clock.now(),
    };
    await runOnce(t.db, request, work);

    await expect(runOnce(t.db, { ...request, body: { quantity: 2 } }, work)).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
    });
    await expect(runOnce(t.db, { ...request, route: 'POST /elsewhere' }, work)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(work.runs).toBe(1);
    expect(await itemsNamed(name)).toBe(1);
  });

  it('when two users send the same key, then each gets their own answer', async () => {
    const [first, second] = [await createCustomer(t.db), await createCustomer(t.db)];
    const name = `two-users-${uniqueSuffix()}`;
    const work = countingWork(name);
    const key = `key-${uniqueSuffix()}`;
    await runOnce(t.db, { userId: first.id, key, route: 'POST /test', body: {}, now: t.clock.now() }, work);
    const other = await runOnce(t.db, { userId: second.id, key, route: 'POST /test', body: {}, now: t.clock.now() }, work);
    expect(other.replayed).toBe(false);
    expect(work.runs).toBe(2);
  });

  it('when the work fails, then neither its writes nor the key stay, and a retry does the work', async () => {
    const user = await createCustomer(t.db);
    const name = `fails-${uniqueSuffix()}`;
    const request = { userId: user.id, key: `key-${uniqueSuffix()}`, route: 'POST /test', body: {}, now: t.clock.now() };
    const failing = async (tx: typeof t.db): Promise<Answer> => {
      await tx.insert(items).values({ name, pointsRequired: 100 });
      throw new Error('out of stock');
    };

    await expect(runOnce(t.db, request, failing)).rejects.toThrow('out of stock');
    expect(await itemsNamed(name)).toBe(0);
    const retry = await runOnce(t.db, request, countingWork(name));
    expect(retry.replayed).toBe(false);
    expect(await itemsNamed(name)).toBe(1);
  });

  it('when the same key arrives twice at once, then the work runs once and both get its answer', async () => {
    const user = await createCustomer(t.db);
    const name = `race-${uniqueSuffix()}`;
    const work = countingWork(name);
    const request = { userId: user.id, key: `key-${uniqueSuffix()}`, route: 'POST /test', body: { x: 1 }, now: t.clock.now() };

    const answers = await Promise.all([runOnce(t.db, request, work), runOnce(t.db, request, work), runOnce(t.db, request, work)]);

    expect(work.runs).toBe(1);
    expect(await itemsNamed(name)).toBe(1);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
  });

  it('when a key is older than its lifetime, then it is forgotten and the request counts as new', async () => {
    const user = await createCustomer(t.db);
    const name = `expired-${uniqueSuffix()}`;
    const work = countingWork(name);
    const now = t.clock.now();
    const request = { userId: user.id, key: `key-${uniqueSuffix()}`, route: 'POST /test', body: {}, now };
    await runOnce(t.db, request, work);

    const later = await runOnce(t.db, { ...request, now: new Date(now.getTime() + IDEMPOTENCY_KEY_LIFETIME_MS + 1000) }, work);

    expect(later.replayed).toBe(false);
    expect(work.runs).toBe(2);
  });
});
