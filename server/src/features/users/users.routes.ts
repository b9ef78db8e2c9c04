import type { RequestHandler } from 'express';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../lib/auth';
import { getOwnPoints, getOwnProfile } from './users.service';

export function createUsersHandlers(deps: AppDeps) {
  // GET /api/user/profile (customer) - own record with availablePoints and tier
  const getProfile: RequestHandler = async (req, res) => {
    res.json(await getOwnProfile(deps.db, currentUser(req).id));
  };

  // GET /api/user/points (customer) - { availablePoints, totalPoints }; the client signs out on 401
  const getPoints: RequestHandler = async (req, res) => {
    res.json(await getOwnPoints(deps.db, currentUser(req).id));
  };

  return { getProfile, getPoints };
}
