import {
  fromHundredths,
  type ChangeTierInput,
  type CreateCustomerInput,
  type ListUsersQuery,
  type Page,
  type PointsResponse,
  type Tier,
  type UserType,
} from '@app/common';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { offsetOf, toPage } from '../../lib/pagination';
import { isUniqueViolation } from '../../lib/postgres-errors';
import { hashPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit.service';
import { recordManualTierChange } from '../tiers/tiers.service';
import { toUserResponse, type UserResponse } from './users.mapper';
import {
  countUsers,
  findLiveUserById,
  findLiveUserByUsername,
  insertUser,
  listUsers,
  updateUser,
  type UserListFilter,
  type UserRow,
} from './users.repository';

/** Who is acting: every staff change is audited under this id. */
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

// --- a customer's own record -------------------------------------------------------------------

/** GET /api/user/profile: the customer's own record with availablePoints and tier (contract "Shapes"). */
export async function getOwnProfile(db: Db, userId: string): Promise<UserResponse> {
  return toUserResponse(await requireLiveUser(db, userId));
}

/** GET /api/user/points: the header's balance. */
export async function getOwnPoints(db: Db, userId: string): Promise<PointsResponse> {
  const user = await requireLiveUser(db, userId);
  return { availablePoints: fromHundredths(user.availablePoints), totalPoints: fromHundredths(user.totalPoints) };
}

// --- lists -------------------------------------------------------------------------------------

/** Contract: without `page` the plain array the spec's client expects; with it, one page and the total. */
export async function listUsersForStaff(
  db: Db,
  filter: UserListFilter,
  query: Pick<ListUsersQuery, 'page' | 'limit'>,
): Promise<UserResponse[] | Page<UserResponse>> {
  if (query.page === undefined) return (await listUsers(db, filter)).map(toUserResponse);
  const request = { page: query.page, limit: query.limit };
  const [rows, total] = await Promise.all([
    listUsers(db, filter, { limit: request.limit, offset: offsetOf(request) }),
    countUsers(db, filter),
  ]);
  return toPage(rows.map(toUserResponse), total, request);
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
): Promise<UserResponse> {
  if (await findLiveUserByUsername(db, input.username)) throw duplicateUsername(input.username);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        username: input.username,
        partyName: input.partyName,
        phoneNumber: input.phoneNumber,
        passwordHash,
        userType: input.userType,
        isPasswordReset: false,
        createdBy: actor.id,
      });
      await recordAudit(tx, { actorId: actor.id, action: 'user.create', entity: 'user', entityId: created.id, after: auditView(created) });
      return toUserResponse(created);
    });
  } catch (error) {
    // Two requests for one name at once: the unique index decides, and the loser hears why.
    if (isUniqueViolation(error)) throw duplicateUsername(input.username);
    throw error;
  }
}

// --- superadmin changes to a user --------------------------------------------------------------

function refuseSelf(actor: Actor, targetId: string, what: string): void {
  // Contract "Users": nobody deletes, blocks or demotes themselves.
  if (actor.id === targetId) throw new AppError('FORBIDDEN', `You cannot ${what} your own account.`);
}

export async function changeTier(db: Db, actor: Actor, input: ChangeTierInput): Promise<UserResponse> {
  refuseSelf(actor, input.userId, 'change the tier of');
  return db.transaction(async (tx) => {
    const before = await requireLiveUser(tx, input.userId);
    if (before.userType !== 'customer') throw new AppError('CONFLICT', 'Only customers have tiers.');
    if (before.tier === input.newTier) return toUserResponse(before);
    const after = (await updateUser(tx, before.id, { tier: input.newTier }))!;
    await recordManualTierChange(tx, { userId: before.id, fromTier: before.tier as Tier, toTier: input.newTier, actorId: actor.id });
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
export async function setBlocked(db: Db, actor: Actor, userId: string, blocked: boolean): Promise<UserResponse> {
  refuseSelf(actor, userId, blocked ? 'block' : 'unblock');
  return db.transaction(async (tx) => {
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
): Promise<{ message: string; user: UserResponse }> {
  refuseSelf(actor, userId, 'reset the password of');
  await requireLiveUser(db, userId);
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
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
export async function deleteUser(db: Db, actor: Actor, userId: string): Promise<{ message: string; _id: string }> {
  refuseSelf(actor, userId, 'delete');
  return db.transaction(async (tx) => {
    const before = await requireLiveUser(tx, userId);
    await updateUser(tx, userId, { deletedAt: new Date() }, { revokeTokens: true });
    await recordAudit(tx, { actorId: actor.id, action: 'user.delete', entity: 'user', entityId: userId, before: auditView(before) });
    return { message: 'User deleted', _id: userId };
  });
}
