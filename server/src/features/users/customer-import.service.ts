import { createCustomerSchema, type CreateCustomerInput, type ImportRowDetail, type ImportRowProblem } from '@app/common';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/postgres-errors';
import type { Logger } from '../../lib/logger';
import { recordAudit } from '../audit/audit.service';
import { toUserResponse, type UserResponse } from './users.mapper';
import { findTakenUsernames, insertUsers } from './users.repository';
import { duplicateUsername, type Actor } from './users.service';

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
  const problemsByIndex = new Map<number, ImportRowProblem[]>();
  const usernameOf = (row: unknown, index: number) =>
    valid[index]?.username ?? String((row as { username?: unknown })?.username ?? '');
  const addProblem = (index: number, problem: ImportRowProblem) =>
    problemsByIndex.set(index, [...(problemsByIndex.get(index) ?? []), problem]);

  rows.forEach((row, index) => {
    const result = createCustomerSchema.safeParse(row);
    if (result.success) valid[index] = result.data;
    else for (const issue of result.error.issues) addProblem(index, { field: issue.path.join('.') || 'row', message: issue.message });
  });

  const firstIndexOf = new Map<string, number>();
  rows.forEach((row, index) => {
    const key = usernameOf(row, index).trim().toLowerCase();
    if (!key) return;
    if (!firstIndexOf.has(key)) firstIndexOf.set(key, index);
    else addProblem(index, { field: 'username', message: 'Username appears more than once in the file' });
  });

  const taken = await findTakenUsernames(db, valid.filter(Boolean).map((row) => row.username));
  valid.forEach((row, index) => {
    if (row && taken.has(row.username.toLowerCase())) addProblem(index, { field: 'username', message: 'Username already exists' });
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

async function hashAll(passwords: string[], onHashed: () => void): Promise<string[]> {
  const hashes = new Array<string>(passwords.length);
  let next = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const index = next++;
      hashes[index] = await hashPassword(passwords[index]!);
      onHashed();
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMPORT_HASH_CONCURRENCY, passwords.length) }, worker));
  return hashes;
}

/** Inserts every row and its audit entry in one transaction; a username taken meanwhile rolls it all back. */
async function saveCustomers(db: Db, actor: Actor, rows: CreateCustomerInput[], hashes: string[]): Promise<UserResponse[]> {
  try {
    return await db.transaction(async (tx) => {
      const taken = await findTakenUsernames(tx, rows.map((row) => row.username));
      if (taken.size > 0) {
        throw invalidFile(
          rows.flatMap((row, index) =>
            taken.has(row.username.toLowerCase())
              ? [{ index, username: row.username, problems: [{ field: 'username', message: 'Username already exists' }] }]
              : [],
          ),
        );
      }
      const created = await insertUsers(
        tx,
        rows.map((row, index) => ({
          username: row.username,
          partyName: row.partyName,
          phoneNumber: row.phoneNumber,
          passwordHash: hashes[index]!,
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
          after: { username: user.username, partyName: user.partyName, phoneNumber: user.phoneNumber, userType: 'customer', via: 'bulk import' },
        })),
      );
      return created.map(toUserResponse);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateUsername('in the file');
    throw error;
  }
}

/** POST /api/admin/add-customers: the whole import in one request (the spec's client). */
export async function importCustomers(db: Db, actor: Actor, rows: unknown[]): Promise<UserResponse[]> {
  const { valid, problems } = await validateImportRows(db, rows);
  if (problems.length > 0) throw invalidFile(problems);
  const hashes = await hashAll(valid.map((row) => row.password), () => undefined);
  return saveCustomers(db, actor, valid, hashes);
}

// --- imports that run longer than a request should wait -----------------------------------------

export type CustomerImportJob = {
  _id: string;
  ownerId: string;
  status: 'hashing' | 'saving' | 'completed' | 'failed';
  total: number;
  processed: number;
  added?: UserResponse[];
  error?: { message: string; code: string; details?: ImportRowDetail[] };
  createdAt: string;
  finishedAt?: number;
};

const FINISHED_JOB_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Imports of thousands of rows take minutes of hashing. They run here, one transaction at the end, while the
 * client polls progress: the file still adds everyone or no one, and the answer lists exactly who was added.
 * A repeated start with the same Idempotency-Key returns the same job, so a retried request adds nobody twice.
 * Jobs live in this process (one process serves the product); a restart mid-import adds nobody.
 */
export class CustomerImports {
  private readonly jobs = new Map<string, CustomerImportJob>();
  private readonly byIdempotencyKey = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  async start(actor: Actor, rows: unknown[], idempotencyKey?: string): Promise<CustomerImportJob> {
    this.forgetOldJobs();
    const keyed = idempotencyKey ? `${actor.id}:${idempotencyKey}` : undefined;
    const existing = keyed ? this.jobs.get(this.byIdempotencyKey.get(keyed) ?? '') : undefined;
    if (existing) return existing;

    const { valid, problems } = await validateImportRows(this.db, rows);
    if (problems.length > 0) throw invalidFile(problems);

    const job: CustomerImportJob = {
      _id: randomUUID(),
      ownerId: actor.id,
      status: 'hashing',
      total: valid.length,
      processed: 0,
      createdAt: new Date().toISOString(),
    };
    this.jobs.set(job._id, job);
    if (keyed) this.byIdempotencyKey.set(keyed, job._id);
    void this.run(job, actor, valid);
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

  private async run(job: CustomerImportJob, actor: Actor, rows: CreateCustomerInput[]): Promise<void> {
    try {
      const hashes = await hashAll(rows.map((row) => row.password), () => {
        job.processed += 1;
      });
      job.status = 'saving';
      job.added = await saveCustomers(this.db, actor, rows, hashes);
      job.status = 'completed';
    } catch (error) {
      job.status = 'failed';
      if (error instanceof AppError && error.status < 500) {
        job.error = { message: error.message, code: error.code, details: error.details as ImportRowDetail[] | undefined };
      } else {
        this.logger.error({ err: error, importId: job._id }, 'customer import failed');
        job.error = { message: 'The import failed on our side; nobody was added. Please try again.', code: 'INTERNAL' };
      }
    } finally {
      job.finishedAt = Date.now();
    }
  }

  private forgetOldJobs(): void {
    const now = Date.now();
    for (const [id, job] of this.jobs) {
      if (job.finishedAt && now - job.finishedAt > FINISHED_JOB_LIFETIME_MS) this.jobs.delete(id);
    }
    for (const [key, id] of this.byIdempotencyKey) if (!this.jobs.has(id)) this.byIdempotencyKey.delete(key);
  }
}

/** The API shape of a job (without its owner). */
export function toImportResponse(job: CustomerImportJob) {
  const { ownerId: _ownerId, finishedAt: _finishedAt, ...rest } = job;
  return rest;
}
