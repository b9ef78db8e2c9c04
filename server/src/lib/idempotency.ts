import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { AppError } from './app-error';
import {
  claimIdempotencyKey,
  deleteExpiredIdempotencyKeys,
  findIdempotencyKey,
  storeIdempotentResponse,
} from './idempotency.repository';

// Contract "Checkout": a repeated request with the same Idempotency-Key returns the first result and does
// the work once. Used by every route declared `idempotent: true` (checkout, the customer import job).
//
// The key's row is inserted in the same transaction as the work and updated with the answer before it
// commits: a crash, an error or a lost connection leaves no trace (the retry does the work), and a success
// can never exist without its stored answer (the retry replays it). A second request with the key while
// the first runs waits on the row's unique index, then replays the committed answer.

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** How long a key is remembered; a retry comes within seconds or minutes, never a day later. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\w-]{8,100}$/;

/** The header's value, or undefined when it was not sent; a malformed key is a 400, never ignored. */
export function readIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!KEY_PATTERN.test(header)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 8 to 100 letters, digits, - or _');
  }
  return header;
}

/** JSON with object keys sorted, so the same body always hashes the same whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function hashRequest(route: string, body: unknown): string {
  return createHash('sha256').update(route).update('\n').update(canonicalJson(body)).digest('hex');
}

export type IdempotentRequest = {
  userId: string;
  key: string;
  /** "POST /user/cart/checkout": the same key on another route is a different request. */
  route: string;
  /** The validated body: the same key with another body is refused. */
  body: unknown;
  now: Date;
};

export type Answer = { status: number; body: unknown };

/**
 * Does `work` once per (user, key): the first request runs it inside a transaction that also stores its
 * answer; a later one with the same route and body gets that answer back (`replayed`); with another body,
 * 409. Keys expire after a day.
 */
export async function runOnce(
  db: Db,
  request: IdempotentRequest,
  work: (tx: Db) => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  const requestHash = hashRequest(request.route, request.body);
  return db.transaction(async (transaction) => {
    // The services it runs open theirs with inTransaction (db/transactions.ts), which joins this one: a
    // db.transaction() nested here would be a savepoint, two more round trips for nothing.
    const tx = transaction as unknown as Db;
    const claimed = await claimIdempotencyKey(tx, {
      userId: request.userId,
      key: request.key,
      route: request.route,
      requestHash,
      expiresAt: new Date(request.now.getTime() + IDEMPOTENCY_KEY_LIFETIME_MS),
      now: request.now,
    });
    if (!claimed) {
      const first = await findIdempotencyKey(tx, request.userId, request.key);
      if (!first) throw new AppError('CONFLICT', 'This request is already being processed. Please try again.');
      if (first.route !== request.route || first.requestHash !== requestHash) {
        throw new AppError(
          'CONFLICT',
          'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
        );
      }
      return { status: first.status, body: first.response, replayed: true };
    }
    const answer = await work(tx);
    await storeIdempotentResponse(tx, request.userId, request.key, answer);
    return { ...answer, replayed: false };
  });
}

/** Housekeeping: forget every expired key (called now and then, not on every request). */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await deleteExpiredIdempotencyKeys(db, now);
}
