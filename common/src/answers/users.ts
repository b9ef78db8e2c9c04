import { z } from 'zod';
import { CUSTOMER_IMPORT_STATUSES } from '../constants/import-status';
import { LANGUAGES } from '../constants/notifications';
import { USER_TYPES } from '../constants/roles';
import { TIERS } from '../constants/tiers';
import { apiErrorAnswer, importRowDetail } from './errors';
import { amount, calendarDay, count, deletedAnswer, instant, listOrPage, messageAnswer, recordId } from './fields';

/** A customer as a bill or an order names them (the contract's populated `userId`), and as Add Bill picks one. */
export const customerReferenceAnswer = z.object({
  _id: recordId,
  username: z.string(),
  partyName: z.string(),
  tier: z.enum(TIERS),
});
export type CustomerReference = z.infer<typeof customerReferenceAnswer>;

/** The API shape of a user (spec §3). The password hash never leaves the server. */
export const userAnswer = z.object({
  _id: recordId,
  username: z.string(),
  partyName: z.string(),
  phoneNumber: z.string(),
  userType: z.enum(USER_TYPES),
  availablePoints: amount,
  totalPoints: amount,
  tier: z.enum(TIERS),
  blocked: z.boolean(),
  isPasswordReset: z.boolean(),
  createdAt: instant,
  /** Contract "language and notifications": null when the user has none. */
  email: z.string().nullable(),
  language: z.enum(LANGUAGES),
});
export type User = z.infer<typeof userAnswer>;

/** GET /api/user/profile: the customer's own record, with availablePoints and tier (contract "Shapes"). */
export type Profile = User;

/** GET /api/admin/users and /api/superadmin/allusers: the plain array, or a page with `page`. */
export const usersListAnswer = listOrPage(userAnswer);

/** POST /api/admin/add-customers: every user added, in the order of the rows. */
export const addedUsersAnswer = z.array(userAnswer);

/** GET /api/user/points: the header's balance. */
export const pointsAnswer = z.object({ availablePoints: amount, totalPoints: amount });

/**
 * GET /api/user/points: the balances and, contract "points expiry", the next three dates with points that
 * expire on them, soonest first ([] when none will).
 */
export const userPointsAnswer = pointsAnswer.extend({
  expiring: z.array(z.object({ points: amount, on: calendarDay })),
});
export type PointsResponse = z.infer<typeof userPointsAnswer>;

/** POST /api/superadmin/users/:id/reset-password */
export const resetUserPasswordAnswer = messageAnswer.extend({ user: userAnswer });
export type ResetUserPasswordResponse = z.infer<typeof resetUserPasswordAnswer>;

/** DELETE /api/superadmin/users/:id */
export const deleteUserAnswer = deletedAnswer;
export type DeleteUserResponse = z.infer<typeof deleteUserAnswer>;

/** A bulk import running on the server: progress while hashing, then every added user, or why nothing was. */
export const customerImportAnswer = z.object({
  _id: recordId,
  status: z.enum(CUSTOMER_IMPORT_STATUSES),
  total: count,
  processed: count,
  added: z.array(userAnswer).optional(),
  error: z
    .object({ message: z.string(), code: apiErrorAnswer.shape.code, details: z.array(importRowDetail).optional() })
    .optional(),
  createdAt: instant,
});
export type CustomerImport = z.infer<typeof customerImportAnswer>;
