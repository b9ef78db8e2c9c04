import { fromHundredths, type PointsResponse } from '@app/common';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { toUserResponse, type UserResponse } from './users.mapper';
import { findLiveUserById } from './users.repository';

async function requireLiveUser(db: Db, userId: string) {
  const user = await findLiveUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return user;
}

/** GET /api/user/profile: the customer's own record with availablePoints and tier (contract "Shapes"). */
export async function getOwnProfile(db: Db, userId: string): Promise<UserResponse> {
  return toUserResponse(await requireLiveUser(db, userId));
}

/** GET /api/user/points: the header's balance. */
export async function getOwnPoints(db: Db, userId: string): Promise<PointsResponse> {
  const user = await requireLiveUser(db, userId);
  return { availablePoints: fromHundredths(user.availablePoints), totalPoints: fromHundredths(user.totalPoints) };
}
