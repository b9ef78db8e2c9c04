import {
  addedUsersAnswer,
  blockUserSchema,
  bulkCustomersSchema,
  changeTierSchema,
  createCustomerSchema,
  createUserSchema,
  customerImportAnswer,
  deleteUserAnswer,
  idParamsSchema,
  listUsersQuerySchema,
  userPointsAnswer,
  resetUserPasswordAnswer,
  resetUserPasswordSchema,
  updateUserEmailSchema,
  userAnswer,
  usersListAnswer,
} from '@app/common';
import type { AppDeps } from '../../deps';
import { answerList } from '../../lib/pagination';
import { localizeStoredFailure } from '../../lib/reader-language';
import { CUSTOMER, defineRoute, STAFF, SUPERADMIN, type RouteDefinition } from '../../lib/route';
import { CustomerImports } from './customer-import.service';
import {
  changeTier,
  createUserByStaff,
  deleteUser,
  getOwnPoints,
  getOwnProfile,
  listUsersForStaff,
  resetPassword,
  setBlocked,
  setUserEmail,
} from './users.service';
import { deliveryFor } from '../outbox/outbox.service';
import { readExpiring } from '../points-expiry/points-expiry.service';

// Bulk customer imports travel as JSON: up to 10,000 rows of about 100 bytes each.
const IMPORT_BODY_LIMIT = '4mb';

export function usersRoutes(deps: AppDeps): RouteDefinition[] {
  // Whether the notifications of these routes' changes are also mailed and POSTed (the worker sends them).
  const delivery = deliveryFor(deps.config);
  const imports = new CustomerImports(deps);

  return [
    // GET /api/user/profile (customer) - own record with availablePoints and tier
    defineRoute({
      method: 'get',
      path: '/user/profile',
      access: CUSTOMER,
      answers: { 200: userAnswer },
      handler: ({ user }) => getOwnProfile(user),
    }),

    // GET /api/user/points (customer) - { availablePoints, totalPoints, expiring }; the client signs out on 401
    defineRoute({
      method: 'get',
      path: '/user/points',
      access: CUSTOMER,
      answers: { 200: userPointsAnswer },
      handler: async ({ db, now, user }) => ({ ...getOwnPoints(user), expiring: await readExpiring(db, user.id, now) }),
    }),

    // GET /api/admin/users (admin, superadmin) - customers; q, page, limit (plain array without page)
    defineRoute({
      method: 'get',
      path: '/admin/users',
      access: STAFF,
      answers: { 200: usersListAnswer },
      request: { query: listUsersQuerySchema },
      handler: async ({ db, input: { query }, setHeader }) =>
        answerList(
          await listUsersForStaff(db, { userType: 'customer', q: query.q }, { page: query.page, limit: query.limit }),
          setHeader,
        ),
    }),

    // GET /api/superadmin/allusers (superadmin) - every live user; q, page, limit, userType
    defineRoute({
      method: 'get',
      path: '/superadmin/allusers',
      access: SUPERADMIN,
      answers: { 200: usersListAnswer },
      request: { query: listUsersQuerySchema },
      handler: async ({ db, input: { query }, setHeader }) =>
        answerList(
          await listUsersForStaff(db, { userType: query.userType, q: query.q }, { page: query.page, limit: query.limit }),
          setHeader,
        ),
    }),

    // POST /api/admin/add-customer (admin, superadmin) - 201 the new customer; 409 duplicate username
    defineRoute({
      method: 'post',
      path: '/admin/add-customer',
      access: STAFF,
      answers: { 201: userAnswer },
      request: { body: createCustomerSchema },
      handler: ({ db, user, input }) => createUserByStaff(db, user, { ...input.body, userType: 'customer' }),
    }),

    // POST /api/superadmin/sausers (superadmin) - 201 a new customer or admin (never a superadmin)
    defineRoute({
      method: 'post',
      path: '/superadmin/sausers',
      access: SUPERADMIN,
      answers: { 201: userAnswer },
      request: { body: createUserSchema },
      handler: ({ db, user, input }) => createUserByStaff(db, user, input.body),
    }),

    // POST /api/admin/add-customers (admin, superadmin) - all rows valid → 201 added users in one
    // transaction; otherwise 400 with each bad row's problems and nobody added
    defineRoute({
      method: 'post',
      path: '/admin/add-customers',
      access: STAFF,
      answers: { 201: addedUsersAnswer },
      request: { body: bulkCustomersSchema },
      bodyLimit: IMPORT_BODY_LIMIT,
      handler: ({ db, user, input }) => imports.importNow(db, user, input.body.users),
    }),

    // POST /api/admin/customer-imports (admin, superadmin) - same checks, then 202 a job that hashes and
    // saves in the background; the same Idempotency-Key again answers the first job, never a second one
    defineRoute({
      method: 'post',
      path: '/admin/customer-imports',
      access: STAFF,
      answers: { 202: customerImportAnswer },
      request: { body: bulkCustomersSchema },
      bodyLimit: IMPORT_BODY_LIMIT,
      idempotent: true,
      handler: async ({ db, user, input, now, afterCommit }) => {
        const { job, queued } = await imports.create(db, user, input.body.users, now);
        afterCommit(() => imports.enqueue(queued));
        return job;
      },
    }),

    // GET /api/admin/customer-imports/:id (admin, superadmin) - progress, then every added user or the failure
    defineRoute({
      method: 'get',
      path: '/admin/customer-imports/:id',
      access: STAFF,
      answers: { 200: customerImportAnswer },
      request: { params: idParamsSchema },
      handler: async ({ db, user, input, now }) => {
        const job = await imports.get(db, user, input.params.id, now);
        // The failure is kept in English; the poller reads it in their own language, as an error answer.
        return job.error ? { ...job, error: localizeStoredFailure(job.error, user.record.language) } : job;
      },
    }),

    // PATCH /api/admin/users/:id (admin: customers only; superadmin: anyone live) - { email } (null removes it)
    // → the user as the lists show them
    defineRoute({
      method: 'patch',
      path: '/admin/users/:id',
      access: STAFF,
      answers: { 200: userAnswer },
      request: { params: idParamsSchema, body: updateUserEmailSchema },
      handler: ({ db, user, input }) => setUserEmail(db, user, input.params.id, input.body.email),
    }),

    // POST /api/superadmin/users/change-tier (superadmin) - { userId, newTier } → the user; customers only
    defineRoute({
      method: 'post',
      path: '/superadmin/users/change-tier',
      access: SUPERADMIN,
      answers: { 200: userAnswer },
      request: { body: changeTierSchema },
      handler: ({ db, user, input }) => changeTier(db, delivery, user, input.body),
    }),

    // POST /api/superadmin/users/:id/block (superadmin) - { blocked } → the user; blocking ends their sessions
    defineRoute({
      method: 'post',
      path: '/superadmin/users/:id/block',
      access: SUPERADMIN,
      answers: { 200: userAnswer },
      request: { params: idParamsSchema, body: blockUserSchema },
      handler: ({ db, user, input }) => setBlocked(db, user, input.params.id, input.body.blocked),
    }),

    // POST /api/superadmin/users/:id/reset-password (superadmin) - { newPassword } → { message, user }
    defineRoute({
      method: 'post',
      path: '/superadmin/users/:id/reset-password',
      access: SUPERADMIN,
      answers: { 200: resetUserPasswordAnswer },
      request: { params: idParamsSchema, body: resetUserPasswordSchema },
      handler: ({ db, user, input }) => resetPassword(db, user, input.params.id, input.body.newPassword),
    }),

    // DELETE /api/superadmin/users/:id (superadmin) - leaves lists and sign-in; bills, orders, ledger stay
    defineRoute({
      method: 'delete',
      path: '/superadmin/users/:id',
      access: SUPERADMIN,
      answers: { 200: deleteUserAnswer },
      request: { params: idParamsSchema },
      handler: ({ db, user, input, now }) => deleteUser(db, user, input.params.id, now),
    }),
  ];
}
