import { fromHundredths, type Tier, type UserType } from '@app/common';
import type { UserRow } from './users.repository';

export type UserResponse = {
  _id: string;
  username: string;
  partyName: string;
  phoneNumber: string;
  userType: UserType;
  availablePoints: number;
  totalPoints: number;
  tier: Tier;
  blocked: boolean;
  isPasswordReset: boolean;
  createdAt: string;
};

/** The API shape of a user (spec §3); the password hash and token version never leave the server. */
export function toUserResponse(row: UserRow): UserResponse {
  return {
    _id: row.id,
    username: row.username,
    partyName: row.partyName,
    phoneNumber: row.phoneNumber,
    userType: row.userType as UserType,
    availablePoints: fromHundredths(row.availablePoints),
    totalPoints: fromHundredths(row.totalPoints),
    tier: row.tier as Tier,
    blocked: row.blocked,
    isPasswordReset: row.isPasswordReset,
    createdAt: row.createdAt.toISOString(),
  };
}
