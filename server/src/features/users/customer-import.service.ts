import {
  createCustomerSchema,
  type CreateCustomerInput,
  type CustomerImport,
  type FieldProblem,
  type ImportRowDetail,
  readErrorDetails,
  type User,
} from '@app/common';
import { inTransaction } from '../../db/transactions';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { commonPasswordProblem } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import { Lane } from '../../lib/lane';
import { isUniqueViolation } from '../../lib/postgres-errors';
import { recordAudit } from '../audit/audit.service';
import { toUserResponse } from './users.mapper';
import {
  failStaleCustomerImport,
  findCustomerImport,
  findUsersByIds,
  insertCustomerImport,
  touchCustomerImports,
  updateRunningCustomerImport,
  type CustomerImportRow,
} from './customer-imports.repository';
import { findTakenUsernames, insertUsers } from './users.repository';
import type { Actor } from './users.service';

// Contract "Bulk customer upload": every row is validated first; a file with any bad row adds nobody; a clean
// file is added in one transaction. Hashing bounds the speed (~55 ms a row on the thread pool), so hashes
// run two at a time: the other libuv threads stay free for sign-ins and the event loop keeps answering.
export const IMPORT_HASH_CONCURRENCY = 2;

const TEXT_CELLS = ['username', 'partyName', 'phoneNumber', 'password'] as const;

/**
 * Contract "Bulk customer upload": the spec's client sends raw spreadsheet cells, so a number where text is
 * expected (a phone number 9829012345, a password 12345678) is read as its digits. Anything else is left
 * for the schema to refuse.
 */
function cellsAsText(row: unknown): unknown {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return row;
  const copy: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const field of TEXT_CELLS) {
    const cell = copy[field];
    if (typeof cell === 'number' && Number.isFinite(cell)) copy[field] = String(cell);
  }
  return copy;
}

/** Checks every row (fields, duplicates inside the file, usernames already taken) and lists each bad one. */
export async function validateImportRows(
  db: Db,
  rows: unknown[],
): Promise<{ valid: CreateCustomerInput[]; problems: ImportRowDetail[] }> {
  const valid: CreateCustomerInput[] = [];
  const problemsByIndex = new Map<number, FieldProblem[]>();
  // A bad row's username as sent, for naming it: only text or a number counts (an object is not a name).
  const usernameOf = (row: unknown, index: number) => {
    const sent = typeof row === 'object' && row !== null ? (row as { username?: unknown }).username : undefined;
    return valid[index]?.username ?? (typeof sent === 'string' || typeof sent === 'number' ? String(sent) : '');
  };
  const addProblem = (index: number, problem: FieldProblem) =>
    problemsByIndex.set(index, [...(problemsByIndex.get(index) ?? []), problem]);

  rows.forEach((row, index) => {
    const result = createCustomerSchema.safeParse(cellsAsText(row));
    if (result.success) valid[index] = result.data;
    else
      for (const issue of result.error.issues)
        addProblem(index, { field: issue.path.join('.') || 'row', message: issue.message });
    // Issue 7: a password on the common list is a problem of its row, named like the schema's problems.
    const common = result.success ? commonPasswordProblem(result.data.password, 'password') : undefined;
    if (common) addProblem(index, common);
  });

  const firstIndexOf = new Map<string, number>();
  rows.forEach((row, index) => {
    const key = usernameOf(row, index).trim().toLowerCase();
    if (!key) return;
    if (!firstIndexOf.has(key)) firstIndexOf.set(key, index);
    else addProblem(index, { field: 'username', message: 'Username appears more than once in the file' });
  });

  const taken = await findTakenUsernames(
    db,
    valid.filter(Boolean).map((row) => row.username),
  );
  valid.forEach((row, index) => {
    if (row && taken.has(row.username.toLowerCase()))
      addProblem(index, { field: 'username', message: 'Username already exists' });
  });

  const problems = [...problemsByIndex.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, rowProblems]) => ({ index, username: usernameOf(rows[index], index), problems: rowProblems }));
  return { valid: problems.length === 0 ? valid : [], problems };
}

function invalidFile(problems: ImportRowDetail[]): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    `${problems.length} row${problems.length === 1 ? ' has' : 's have'} problems; nobody was added`,
    { details: problems },
  );
}

type PasswordHasher = (password: string) => Promise<string>;

/** Hashes every password through the lane (in the file's order), reporting each one done. */
async function hashAll(passwords: string[], lane: Lane, hash: PasswordHasher, onHashed: () => void): Promise<string[]> {
  return Promise.all(
    passwords.map((password) =>
      lane.run(async () => {
        const hashed = await hash(password);
        onHashed();
        return hashed;
      }),
    ),
  );
}

/** Each row of `rows` whose username a live user now holds, as per-row details. */
function takenRowDetails(rows: CreateCustomerInput[], taken: Set<string>): ImportRowDetail[] {
  return rows.flatMap((row, index) =>
    taken.has(row.username.toLowerCase())
      ? [{ index, username: row.username, problems: [{ field: 'username', message: 'Username already exists' }] }]
      : [],
  );
}

/** Inserts every row and its audit entry in one transaction; a username taken meanwhile rolls it all back. */
async function saveCustomers(
  db: Db,
  actor: Actor,
  rows: CreateCustomerInput[],
  hashes: string[],
  /** Runs inside the same transaction after the inserts (a job records its outcome there); may throw to undo. */
  alsoInTransaction?: (tx: Db, added: User[]) => Promise<void>,
): Promise<User[]> {
  const usernames = rows.map((row) => row.username);
  try {
    return await inTransaction(db, async (tx) => {
      const taken = await findTakenUsernames(tx, usernames);
      if (taken.size > 0) throw invalidFile(takenRowDetails(rows, taken));
      const created = await insertUsers(
        tx,
        rows.map((row, index) => ({
          username: row.username,
          partyName: row.partyName,
          phoneNumber: row.phoneNumber,
          // An optional email column (contract "language and notifications"), checked by the row's schema.
          email: row.email ?? null,
          passwordHash: hashes[index] ?? '',
          userType: 'customer',
          isPasswordReset: false,
          createdBy: actor.id,
        })),
      );
      await recordAudit(
        tx,
        created.map((user) => ({
          actorId: actor.id,
          action: 'user.create',
          entity: 'user',
          entityId: user.id,
          after: {
            username: user.username,
            partyName: user.partyName,
            phoneNumber: user.phoneNumber,
            userType: 'customer',
            via: 'bulk import',
          },
        })),
      );
      const added = created.map(toUserResponse);
      await alsoInTransaction?.(tx, added);
      return added;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Someone added one of these names between the check and the insert: name the rows, as the check would.
    const taken = await findTakenUsernames(db, usernames);
    if (taken.size > 0) throw invalidFile(takenRowDetails(rows, taken));
    throw new AppError(
      'DUPLICATE_USERNAME',
      'A username in the file was taken during the import; nobody was added. Please try again.',
    );
  }
}

// --- imports: in one request (the spec's), or as a job that runs while the client polls --------------------

/** How often a running job records its progress, and how often waiting jobs say they are still alive. */
const PROGRESS_INTERVAL_MS = 500;
const HEARTBEAT_INTERVAL_MS = 5_000;
/** A job whose process has not touched it for this long has lost its process (stopped, killed, crashed). */
export const STALE_IMPORT_MS = 60_000;
const INTERRUPTED = {
  message: 'The import was interrupted when the server stopped; nobody was added. Please import the file again.',
  code: 'INTERNAL' as const,
};

type QueuedImport = { id: string; actor: Actor; rows: CreateCustomerInput[] };

/**
 * Imports of thousands of rows take minutes of hashing. A job is a row in customer_imports (so any process
 * answers a poll, and a restart is noticed), run by the process that accepted it, one job at a time; the
 * others wait as `queued`. The file still adds everyone or no one in one transaction at the end, and the
 * answer lists exactly who was added. A retried start with the same Idempotency-Key gets the first answer
 * from lib/idempotency.ts (the route is declared idempotent), never a second job. The rows, passwords
 * included, stay in this process's memory only: a job whose process stops goes stale and fails.
 */
export class CustomerImports {
  private readonly queue: QueuedImport[] = [];
  private running = false;
  private readonly hash: PasswordHasher;
  private readonly lane = new Lane(IMPORT_HASH_CONCURRENCY);

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'logger' | 'clock' | 'hashPassword'>) {
    this.hash = deps.hashPassword ?? hashPassword;
  }

  /** POST /api/admin/add-customers: everything in one request; hashing shares the lane with the jobs. */
  async importNow(db: Db, actor: Actor, rows: unknown[]): Promise<User[]> {
    const { valid, problems } = await validateImportRows(db, rows);
    if (problems.length > 0) throw invalidFile(problems);
    const hashes = await hashAll(
      valid.map((row) => row.password),
      this.lane,
      this.hash,
      () => undefined,
    );
    return saveCustomers(db, actor, valid, hashes);
  }

  /**
   * Checks every row, then records the job as queued (in the caller's transaction, beside its idempotency
   * key). `enqueue` hands it to this process's runner once that is committed.
   */
  async create(db: Db, actor: Actor, rows: unknown[], now: Date): Promise<{ job: CustomerImport; queued: QueuedImport }> {
    const { valid, problems } = await validateImportRows(db, rows);
    if (problems.length > 0) throw invalidFile(problems);
    const row = await insertCustomerImport(db, { ownerId: actor.id, total: valid.length, now });
    return {
      job: await toImportResponse(db, row),
      queued: { id: row.id, actor: { id: actor.id, userType: actor.userType }, rows: valid },
    };
  }

  enqueue(queued: QueuedImport): void {
    this.queue.push(queued);
    void this.drain();
  }

  /** Staff see their own imports; superadmins see everyone's. A job left behind by a stopped process fails. */
  async get(db: Db, actor: Actor, id: string, now: Date): Promise<CustomerImport> {
    let row = await findCustomerImport(db, id);
    if (!row || (row.ownerId !== actor.id && actor.userType !== 'superadmin')) {
      throw new AppError('NOT_FOUND', 'Import not found');
    }
    // Polls are frequent: only a job that looks left behind costs a write. If its runner finished it
    // meanwhile, the update changes nothing and the fresh row is read instead.
    const staleBefore = new Date(now.getTime() - STALE_IMPORT_MS);
    const ended = row.status === 'completed' || row.status === 'failed';
    if (!ended && row.heartbeatAt < staleBefore) {
      row = (await failStaleCustomerImport(db, id, staleBefore, now, INTERRUPTED)) ?? (await findCustomerImport(db, id)) ?? row;
    }
    return toImportResponse(db, row);
  }

  /** Runs the queue one job at a time; waiting jobs keep saying they are alive. */
  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const heartbeat = setInterval(() => {
      const waiting = this.queue.map((item) => item.id);
      touchCustomerImports(this.deps.db, waiting, this.deps.clock.now()).catch((error: unknown) =>
        this.deps.logger.warn({ err: error }, 'could not mark waiting imports alive'),
      );
    }, HEARTBEAT_INTERVAL_MS);
    heartbeat.unref();
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) await this.execute(next);
    } finally {
      clearInterval(heartbeat);
      this.running = false;
    }
  }

  /** Hashes, then saves in one transaction; never throws (the outcome is on the job's row). */
  private async execute(job: QueuedImport): Promise<void> {
    const { db, clock, logger } = this.deps;
    const update = (patch: Parameters<typeof updateRunningCustomerImport>[2]) =>
      updateRunningCustomerImport(db, job.id, { ...patch, heartbeatAt: clock.now() });
    try {
      if (!(await update({ status: 'hashing' }))) return; // it went stale while it waited: already failed
      let processed = 0;
      let lastReport = 0;
      const hashes = await hashAll(
        job.rows.map((row) => row.password),
        this.lane,
        this.hash,
        () => {
          processed += 1;
          const now = clock.now().getTime();
          if (now - lastReport < PROGRESS_INTERVAL_MS) return;
          lastReport = now;
          update({ processed }).catch((error: unknown) =>
            logger.warn({ err: error, importId: job.id }, 'import progress not saved'),
          );
        },
      );
      await update({ status: 'saving', processed });
      // The customers and the job's completion commit together: if the job was failed meanwhile (its process
      // looked stopped to another one), nothing is added.
      await saveCustomers(db, job.actor, job.rows, hashes, async (tx, added) => {
        const completed = await updateRunningCustomerImport(tx, job.id, {
          status: 'completed',
          addedUserIds: added.map((user) => user._id),
          finishedAt: clock.now(),
          heartbeatAt: clock.now(),
        });
        if (!completed) throw new AppError('CONFLICT', 'The import was stopped before it was saved; nobody was added.');
      });
    } catch (error) {
      let failure: NonNullable<CustomerImportRow['error']>;
      if (error instanceof AppError && error.status < 500) {
        const { rows } = readErrorDetails(error.details);
        failure = { message: error.message, code: error.code, ...(rows.length > 0 ? { details: rows } : {}) };
      } else {
        logger.error({ err: error, importId: job.id }, 'customer import failed');
        failure = { message: 'The import failed on our side; nobody was added. Please try again.', code: 'INTERNAL' };
      }
      await update({ status: 'failed', error: failure, finishedAt: clock.now() }).catch((updateError: unknown) =>
        logger.error({ err: updateError, importId: job.id }, 'could not record the failed import'),
      );
    } finally {
      // The passwords are not needed any more: do not keep them in memory.
      job.rows = [];
    }
  }
}

/** The API shape of a job: what the client polls (added users only once it completed). */
async function toImportResponse(db: Db, row: CustomerImportRow): Promise<CustomerImport> {
  const added = row.status === 'completed' ? (await findUsersByIds(db, row.addedUserIds ?? [])).map(toUserResponse) : undefined;
  return {
    _id: row.id,
    status: row.status,
    total: row.total,
    processed: row.processed,
    createdAt: row.createdAt.toISOString(),
    ...(added ? { added } : {}),
    ...(row.error ? { error: row.error } : {}),
  };
}
