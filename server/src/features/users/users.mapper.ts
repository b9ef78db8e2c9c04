import { fromHundredths, type SignedInUser, type User } from '@app/common';
import type { UserRow } from './users.repository';

/** The API shape of a user (spec §3); the password hash and token version never leave the server. */
export function toUserResponse(row: Omit<UserRow, 'passwordHash'>): User {
  return {
    _id: row.id,
    username: row.username,
    partyName: row.partyName,
    phoneNumber: row.phoneNumber,
    userType: row.userType,
    availablePoints: fromHundredths(row.availablePoints),
    totalPoints: fromHundredths(row.totalPoints),
    tier: row.tier,
    blocked: row.blocked,
    isPasswordReset: row.isPasswordReset,
    createdAt: row.createdAt.toISOString(),
    email: row.email,
    language: row.language,
  };
}

/** The `user` of a sign-in answer: what the client keeps in its session (spec §3). */
export function toSessionUser(row: UserRow): SignedInUser {
  return {
    _id: row.id,
    username: row.username,
    userType: row.userType,
    partyName: row.partyName,
    isPasswordReset: row.isPasswordReset,
    tier: row.tier,
    language: row.language,
    email: row.email,
  };
}
