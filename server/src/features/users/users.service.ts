import {
  fromHundredths,
  type ChangeTierInput,
  type CreateCustomerInput,
  type DeleteUserResponse,
  type ListUsersQuery,
  type PointsResponse,
  type Profile,
  type ResetUserPasswordResponse,
  type User,
  type UserType,
} from '@app/common';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { AuthenticatedUser } from '../../lib/auth';
import { readList, type ListAnswer } from '../../lib/pagination';
import { isUniqueViolation } from '../../lib/postgres-errors';
import { refuseCommonPassword } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit.service';
import { recordManualTierChange } from '../tiers/tiers.service';
import type { Delivery } from '../outbox/outbox.service';
import { toSessionUser, toUserResponse } from './users.mapper';
import {
  countLiveUsersOfType,
  findLiveUserById,
  findLiveUserByUsername,
  insertUser,
  listUsersPage,
  updateOwnPasswordIfUnchanged,
  updateUser,
  type UserListFilter,
  type UserPatch,
  type UserRow,
} from './users.repository';

/** Who is acting: every staff change is audited under this id (the signed-in user of the request). */
export type Actor = { id: string; userType: UserType };

async function requireLiveUser(db: DbOrTx, userId: string): Promise<UserRow> {
  const user = await findLiveUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return user;
}

/** What the audit log keeps of a user: the public record, never the hash. */
const auditView = (row: UserRow) => {
  const { createdAt: _createdAt, ...rest } = toUserResponse(row);
  return rest;
};

export function duplicateUsername(username: string): AppError {
  return new AppError('DUPLICATE_USERNAME', `Username "${username}" already exists`, {
    details: [{ field: 'username', message: 'Username already exists' }],
  });
}

// --- for sign-in and first start (features/auth, db/seed): other features reach users only here ----------

export type { UserRow };
export { toSessionUser };

/** The live user who owns this username (any case), for checking a password. */
export function findUserForSignIn(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  return findLiveUserByUsername(db, username);
}

export { findLiveUserById };

/**
 * The user chose this password themselves (isPasswordReset true). Unlike a reset, the token version stays:
 * the caller ends the user's other sessions in the same transaction and keeps the one that made the change
 * (contract "API conventions"). Undefined when the row changed since `expected` was read.
 */
export function setOwnPasswordHash(
  tx: DbOrTx,
  userId: string,
  expected: Pick<UserRow, 'passwordHash' | 'tokenVersion'>,
  passwordHash: string,
): Promise<UserRow | undefined> {
  return updateOwnPasswordIfUnchanged(tx, userId, expected, passwordHash);
}

export type SuperadminBootstrap = { created: false } | { created: true; username: string; generatedPassword?: string };

/**
 * Contract "Run and configure": when no superadmin exists, create one from SUPERADMIN_USERNAME/PASSWORD, or
 * `superadmin` with a random password printed once. The configured one chose their password
 * (isPasswordReset true); the generated one must replace it at first sign-in, as anyone given a password must.
 */
export async function createFirstSuperadmin(
  db: DbOrTx,
  configured: { username?: string; password?: string },
  generatePassword: () => string,
): Promise<SuperadminBootstrap> {
  if ((await countLiveUsersOfType(db, 'superadmin')) > 0) return { created: false };
  const username = configured.username ?? 'superadmin';
  if (await findLiveUserByUsername(db, username)) {
    throw new Error(
      `No superadmin exists and the username "${username}" is taken by another user. ` +
        'Set SUPERADMIN_USERNAME to a free username and SUPERADMIN_PASSWORD, then start again.',
    );
  }
  const generatedPassword = configured.password ? undefined : generatePassword();
  const password = configured.password ?? generatedPassword ?? '';
  await insertUser(db, {
    username,
    partyName: 'Superadmin',
    phoneNumber: '',
    passwordHash: await hashPassword(password),
    userType: 'superadmin',
    isPasswordReset: generatedPassword === undefined,
  });
  return { created: true, username, generatedPassword };
}

// --- a customer's own record -------------------------------------------------------------------

/**
 * GET /api/user/profile: the customer's own record with availablePoints and tier (contract "Shapes"), from
 * the row authentication read for this request: no second read of the user.
 */
export function getOwnProfile(caller: Pick<AuthenticatedUser, 'record'>): Profile {
  return toUserResponse(caller.record);
}

/** GET /api/user/points: the header's balance, from the row authentication read for this request. */
export function getOwnPoints(caller: Pick<AuthenticatedUser, 'record'>): Omit<PointsResponse, 'expiring'> {
  const { availablePoints, totalPoints } = caller.record;
  return { availablePoints: fromHundredths(availablePoints), totalPoints: fromHundredths(totalPoints) };
}

/**
 * The user's own language and email (features/preferences); an empty patch reads the row authentication
 * already loaded. Undefined when the user is gone. A change of the email is audited as one by staff is
 * (contract "language and notifications": every change of it, the user's own included).
 */
export async function updateOwnPreferences(
  db: DbOrTx,
  caller: Pick<AuthenticatedUser, 'id' | 'record'>,
  patch: Pick<UserPatch, 'email' | 'language'>,
): Promise<Pick<UserRow, 'email' | 'language'> | undefined> {
  const changes: UserPatch = {};
  if (patch.language !== undefined) changes.language = patch.language;
  if (patch.email !== undefined) changes.email = patch.email;
  if (Object.keys(changes).length === 0) return caller.record;
  if (changes.email === undefined) return updateUser(db, caller.id, changes);
  return inTransaction(db, async (tx) => {
    const before = await findLiveUserById(tx, caller.id);
    if (!before) return undefined;
    const after = await updateUser(tx, caller.id, changes);
    if (after) await auditEmailChange(tx, caller.id, before, after);
    return after;
  });
}

/** The audit entry of a change of a user's email, by staff or by the user: none when it did not change. */
async function auditEmailChange(tx: DbOrTx, actorId: string, before: UserRow, after: UserRow): Promise<void> {
  if (before.email === after.email) return;
  await recordAudit(tx, {
    actorId,
    action: 'user.change_email',
    entity: 'user',
    entityId: after.id,
    before: { email: before.email },
    after: { email: after.email },
  });
}

// --- lists -------------------------------------------------------------------------------------

/** Contract: without `page` the plain (capped) array the spec's client expects; with it, one page and the total. */
export function listUsersForStaff(
  db: Db,
  filter: UserListFilter,
  query: Pick<ListUsersQuery, 'page' | 'limit'>,
): Promise<ListAnswer<User>> {
  return readList(query, (window) => listUsersPage(db, filter, window), toUserResponse);
}

// --- creating users ----------------------------------------------------------------------------

/**
 * Admins create customers; superadmins create customers and admins (contract "Users"). Someone else chose
 * the password, so the new user must replace it at first sign-in (isPasswordReset false).
 */
export async function createUserByStaff(
  db: Db,
  actor: Actor,
  input: CreateCustomerInput & { userType: 'customer' | 'admin' },
): Promise<User> {
  refuseCommonPassword(input.password, 'password');
  if (await findLiveUserByUsername(db, input.username)) throw duplicateUsername(input.username);
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(db, async (tx) => {
      const created = await insertUser(tx, {
        username: input.username,
        partyName: input.partyName,
        phoneNumber: input.phoneNumber,
        passwordHash,
        userType: input.userType,
        isPasswordReset: false,
        createdBy: actor.id,
        email: input.email ?? null,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'user.create',
        entity: 'user',
        entityId: created.id,
        after: auditView(created),
      });
      return toUserResponse(created);
    });
  } catch (error) {
    // Two requests for one name at once: the unique index decides, and the loser hears why.
    if (isUniqueViolation(error)) throw duplicateUsername(input.username);
    throw error;
  }
}

/**
 * PATCH /api/admin/users/:id: staff set or remove a user's email (contract "language and notifications").
 * An admin reaches customers only, as on their screens; a superadmin any live user.
 */
export async function setUserEmail(db: Db, actor: Actor, userId: string, email: string | null): Promise<User> {
  return inTransaction(db, async (tx) => {
    const before = await requireLiveUser(tx, userId);
    if (actor.userType === 'admin' && before.userType !== 'customer') {
      throw new AppError('FORBIDDEN', 'Admins can change the email of customers only');
    }
    if (before.email === email) return toUserResponse(before);
    const after = (await updateUser(tx, userId, { email }))!;
    await auditEmailChange(tx, actor.id, before, after);
    return toUserResponse(after);
  });
}

// --- superadmin changes to a user --------------------------------------------------------------

function refuseSelf(actor: Actor, targetId: string, what: string): void {
  // Contract "Users": nobody deletes, blocks or demotes themselves.
  if (actor.id === targetId) throw new AppError('FORBIDDEN', `You cannot ${what} your own account.`);
}

export async function changeTier(db: Db, delivery: Delivery, actor: Actor, input: ChangeTierInput): Promise<User> {
  refuseSelf(actor, input.userId, 'change the tier of');
  return inTransaction(db, async (tx) => {
    const before = await requireLiveUser(tx, input.userId);
    // Contract "Domain rules": a tier change for another user type is 400, like a bill or an adjustment for one.
    if (before.userType !== 'customer') {
      throw new AppError('VALIDATION_FAILED', 'Only customers have tiers', {
        details: [{ field: 'userId', message: 'Only customers have tiers' }],
      });
    }
    if (before.tier === input.newTier) return toUserResponse(before);
    const after = (await updateUser(tx, before.id, { tier: input.newTier }))!;
    await recordManualTierChange(tx, delivery, {
      userId: before.id,
      fromTier: before.tier,
      toTier: input.newTier,
      actorId: actor.id,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.change_tier',
      entity: 'user',
      entityId: before.id,
      before: { tier: before.tier },
      after: { tier: after.tier },
    });
    return toUserResponse(after);
  });
}

/** Blocking ends every session of the user at once (contract "API conventions"). */
export async function setBlocked(db: Db, actor: Actor, userId: string, blocked: boolean): Promise<User> {
  refuseSelf(actor, userId, blocked ? 'block' : 'unblock');
  return inTransaction(db, async (tx) => {
    const before = await requireLiveUser(tx, userId);
    if (before.blocked === blocked) return toUserResponse(before);
    const after = (await updateUser(tx, userId, { blocked }, { revokeTokens: blocked }))!;
    await recordAudit(tx, {
      actorId: actor.id,
      action: blocked ? 'user.block' : 'user.unblock',
      entity: 'user',
      entityId: userId,
      before: { blocked: before.blocked },
      after: { blocked: after.blocked },
    });
    return toUserResponse(after);
  });
}

/** The user gets a password chosen by a superadmin and must replace it at next sign-in; sessions end. */
export async function resetPassword(
  db: Db,
  actor: Actor,
  userId: string,
  newPassword: string,
): Promise<ResetUserPasswordResponse> {
  refuseSelf(actor, userId, 'reset the password of');
  refuseCommonPassword(newPassword, 'newPassword');
  await requireLiveUser(db, userId);
  const passwordHash = await hashPassword(newPassword);
  return inTransaction(db, async (tx) => {
    const before = await requireLiveUser(tx, userId);
    const after = (await updateUser(tx, userId, { passwordHash, isPasswordReset: false }, { revokeTokens: true }))!;
    // The audit records that it happened, never the password or its hash.
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.reset_password',
      entity: 'user',
      entityId: userId,
      before: { isPasswordReset: before.isPasswordReset },
      after: { isPasswordReset: false },
    });
    return { message: 'Password reset. The user must choose a new password at their next sign-in.', user: toUserResponse(after) };
  });
}

/** Removes the user from lists and sign-in; bills, orders and the ledger keep pointing at the row. */
export async function deleteUser(db: Db, actor: Actor, userId: string, now: Date): Promise<DeleteUserResponse> {
  refuseSelf(actor, userId, 'delete');
  return inTransaction(db, async (tx) => {
    const before = await requireLiveUser(tx, userId);
    await updateUser(tx, userId, { deletedAt: now }, { revokeTokens: true });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.delete',
      entity: 'user',
      entityId: userId,
      before: auditView(before),
    });
    return { message: 'User deleted', _id: userId };
  });
}

// Exports (issue 17) read the list the users screens show, in batches.
export { snapshotUsers, type UserListFilter } from './users.repository';
