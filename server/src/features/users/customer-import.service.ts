import {
  createCustomerSchema,
  type CreateCustomerInput,
  type CustomerImport,
  type FieldProblem,
  type ImportRowDetail,
  readErrorDetails,
  type User,
} from '@app/common';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/postgres-errors';
import { recordAudit } from '../audit/audit.service';
import { toUserResponse } from './users.mapper';
import { findTakenUsernames, insertUsers } from './users.repository';
import type { Actor } from './users.service';

// Contract "Bulk customer upload": every row is validated first; a file with any bad row adds nobody; a clean
// file is added in one transaction. Hashing bounds the speed (~55 ms a row on the thread pool), so hashes
// run two at a time: the other libuv threads stay free for sign-ins and the event loop keeps answering.
export const IMPORT_HASH_CONCURRENCY = 2;

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
    const result = createCustomerSchema.safeParse(row);
    if (result.success) valid[index] = result.data;
    else
      for (const issue of result.error.issues)
        addProblem(index, { field: issue.path.join('.') || 'row', message: issue.message });
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

async function hashAll(passwords: string[], hash: PasswordHasher, onHashed: () => void): Promise<string[]> {
  const hashes = new Array<string>(passwords.length);
  let next = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const index = next++;
      hashes[index] = await hash(passwords[index] ?? '');
      onHashed();
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMPORT_HASH_CONCURRENCY, passwords.length) }, worker));
  return hashes;
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
async function saveCustomers(db: Db, actor: Actor, rows: CreateCustomerInput[], hashes: string[]): Promise<User[]> {
  const usernames = rows.map((row) => row.username);
  try {
    return await db.transaction(async (tx) => {
      const taken = await findTakenUsernames(tx, usernames);
      if (taken.size > 0) throw invalidFile(takenRowDetails(rows, taken));
      const created = await insertUsers(
        tx,
        rows.map((row, index) => ({
          username: row.username,
          partyName: row.partyName,
          phoneNumber: row.phoneNumber,
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
      return created.map(toUserResponse);
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

/** POST /api/admin/add-customers: the whole import in one request (the spec's client). */
export async function importCustomers(db: Db, actor: Actor, rows: unknown[]): Promise<User[]> {
  const { valid, problems } = await validateImportRows(db, rows);
  if (problems.length > 0) throw invalidFile(problems);
  const hashes = await hashAll(
    valid.map((row) => row.password),
    hashPassword,
    () => undefined,
  );
  return saveCustomers(db, actor, valid, hashes);
}

// --- imports that run longer than a request should wait -----------------------------------------

/** A job as this process keeps it: the API shape, plus whose it is and what it still has to do. */
export type CustomerImportJob = CustomerImport & {
  ownerId: string;
  actor: Actor;
  rows: CreateCustomerInput[];
  finishedAt?: number;
};

const FINISHED_JOB_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Imports of thousands of rows take minutes of hashing. They run here, one transaction at the end, while the
 * client polls progress: the file still adds everyone or no one, and the answer lists exactly who was added.
 * A retried start with the same Idempotency-Key gets the first answer from lib/idempotency.ts (the route is
 * declared idempotent), so it never starts a second job. Jobs live in this process; a restart mid-import
 * adds nobody.
 */
export class CustomerImports {
  private readonly jobs = new Map<string, CustomerImportJob>();
  private readonly hash: PasswordHasher;

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'logger' | 'clock' | 'hashPassword'>) {
    this.hash = deps.hashPassword ?? hashPassword;
  }

  /** Checks every row, then registers the job; `run` starts it once the answer is committed. */
  async create(db: Db, actor: Actor, rows: unknown[]): Promise<CustomerImportJob> {
    this.forgetOldJobs();
    const { valid, problems } = await validateImportRows(db, rows);
    if (problems.length > 0) throw invalidFile(problems);
    const job: CustomerImportJob = {
      _id: randomUUID(),
      ownerId: actor.id,
      actor: { id: actor.id, userType: actor.userType },
      rows: valid,
      status: 'hashing',
      total: valid.length,
      processed: 0,
      createdAt: this.deps.clock.now().toISOString(),
    };
    this.jobs.set(job._id, job);
    return job;
  }

  /** Staff see their own imports; superadmins see everyone's. */
  get(actor: Actor, id: string): CustomerImportJob {
    const job = this.jobs.get(id);
    if (!job || (job.ownerId !== actor.id && actor.userType !== 'superadmin')) {
      throw new AppError('NOT_FOUND', 'Import not found');
    }
    return job;
  }

  /** Hashes, then saves in one transaction; never throws (the outcome is on the job). */
  run(job: CustomerImportJob): void {
    void this.execute(job);
  }

  private async execute(job: CustomerImportJob): Promise<void> {
    try {
      const hashes = await hashAll(
        job.rows.map((row) => row.password),
        this.hash,
        () => {
          job.processed += 1;
        },
      );
      job.status = 'saving';
      job.added = await saveCustomers(this.deps.db, job.actor, job.rows, hashes);
      job.status = 'completed';
    } catch (error) {
      job.status = 'failed';
      if (error instanceof AppError && error.status < 500) {
        const { rows } = readErrorDetails(error.details);
        job.error = { message: error.message, code: error.code, ...(rows.length > 0 ? { details: rows } : {}) };
      } else {
        this.deps.logger.error({ err: error, importId: job._id }, 'customer import failed');
        job.error = { message: 'The import failed on our side; nobody was added. Please try again.', code: 'INTERNAL' };
      }
    } finally {
      // The passwords are not needed any more; do not keep them in memory for the job's lifetime.
      job.rows = [];
      job.finishedAt = this.deps.clock.now().getTime();
    }
  }

  private forgetOldJobs(): void {
    const now = this.deps.clock.now().getTime();
    for (const [id, job] of this.jobs) {
      if (job.finishedAt && now - job.finishedAt > FINISHED_JOB_LIFETIME_MS) this.jobs.delete(id);
    }
  }
}

/** The API shape of a job: what the client polls. */
export function toImportResponse(job: CustomerImportJob): CustomerImport {
  const { _id, status, total, processed, added, error, createdAt } = job;
  return { _id, status, total, processed, createdAt, ...(added ? { added } : {}), ...(error ? { error } : {}) };
}
