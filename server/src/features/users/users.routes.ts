import type {
  BlockUserInput,
  ChangeTierInput,
  CreateCustomerInput,
  CreateUserInput,
  ListUsersQuery,
  ResetUserPasswordInput,
} from '@app/common';
import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../lib/auth';
import { CustomerImports, importCustomers, toImportResponse } from './customer-import.service';
import {
  changeTier,
  createUserByStaff,
  deleteUser,
  getOwnPoints,
  getOwnProfile,
  listUsersForStaff,
  resetPassword,
  setBlocked,
  type Actor,
} from './users.service';

const actorOf = (req: Request): Actor => {
  const user = currentUser(req);
  return { id: user.id, userType: user.userType };
};
const idParam = (req: Request) => (req.valid.params as { id: string }).id;

function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get('idempotency-key');
  if (key === undefined) return undefined;
  if (!/^[\w-]{8,100}$/.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 8 to 100 letters, digits, - or _');
  }
  return key;
}

export function createUsersHandlers(deps: AppDeps) {
  const imports = new CustomerImports(deps.db, deps.logger);

  // GET /api/user/profile (customer) - own record with availablePoints and tier
  const getProfile: RequestHandler = async (req, res) => {
    res.json(await getOwnProfile(deps.db, currentUser(req).id));
  };

  // GET /api/user/points (customer) - { availablePoints, totalPoints }; the client signs out on 401
  const getPoints: RequestHandler = async (req, res) => {
    res.json(await getOwnPoints(deps.db, currentUser(req).id));
  };

  // GET /api/admin/users (admin, superadmin) - customers; q, page, limit (plain array without page)
  const listCustomers: RequestHandler = async (req, res) => {
    const { q, page, limit } = req.valid.query as ListUsersQuery;
    res.json(await listUsersForStaff(deps.db, { userType: 'customer', q }, { page, limit }));
  };

  // GET /api/superadmin/allusers (superadmin) - every live user; q, page, limit, userType
  const listAllUsers: RequestHandler = async (req, res) => {
    const { q, page, limit, userType } = req.valid.query as ListUsersQuery;
    res.json(await listUsersForStaff(deps.db, { userType, q }, { page, limit }));
  };

  // POST /api/admin/add-customer (admin, superadmin) - 201 the new customer; 409 duplicate username
  const addCustomer: RequestHandler = async (req, res) => {
    const input = req.valid.body as CreateCustomerInput;
    res.status(201).json(await createUserByStaff(deps.db, actorOf(req), { ...input, userType: 'customer' }));
  };

  // POST /api/superadmin/sausers (superadmin) - 201 a new customer or admin (never a superadmin)
  const addUser: RequestHandler = async (req, res) => {
    const input = req.valid.body as Required<CreateUserInput>;
    res.status(201).json(await createUserByStaff(deps.db, actorOf(req), input));
  };

  // POST /api/admin/add-customers (admin, superadmin) - all rows valid → 201 added users in one transaction;
  // otherwise 400 with each bad row's problems and nobody added
  const addCustomers: RequestHandler = async (req, res) => {
    const { users } = req.valid.body as { users: unknown[] };
    res.status(201).json(await importCustomers(deps.db, actorOf(req), users));
  };

  // POST /api/admin/customer-imports (admin, superadmin) - same checks, then 202 a job that hashes and saves
  // in the background; Idempotency-Key makes a retried start return the same job
  const startCustomerImport: RequestHandler = async (req, res) => {
    const { users } = req.valid.body as { users: unknown[] };
    const job = await imports.start(actorOf(req), users, idempotencyKeyOf(req));
    res.status(202).json(toImportResponse(job));
  };

  // GET /api/admin/customer-imports/:id (admin, superadmin) - progress, then every added user or the failure
  const getCustomerImport: RequestHandler = (req, res) => {
    res.json(toImportResponse(imports.get(actorOf(req), idParam(req))));
  };

  // POST /api/superadmin/users/change-tier (superadmin) - { userId, newTier } → the user; customers only
  const postChangeTier: RequestHandler = async (req, res) => {
    res.json(await changeTier(deps.db, actorOf(req), req.valid.body as ChangeTierInput));
  };

  // POST /api/superadmin/users/:id/block (superadmin) - { blocked } → the user; blocking ends their sessions
  const postBlock: RequestHandler = async (req, res) => {
    const { blocked } = req.valid.body as BlockUserInput;
    res.json(await setBlocked(deps.db, actorOf(req), idParam(req), blocked));
  };

  // POST /api/superadmin/users/:id/reset-password (superadmin) - { newPassword } → { message, user }
  const postResetPassword: RequestHandler = async (req, res) => {
    const { newPassword } = req.valid.body as ResetUserPasswordInput;
    res.json(await resetPassword(deps.db, actorOf(req), idParam(req), newPassword));
  };

  // DELETE /api/superadmin/users/:id (superadmin) - leaves lists and sign-in; bills, orders, ledger stay
  const removeUser: RequestHandler = async (req, res) => {
    res.json(await deleteUser(deps.db, actorOf(req), idParam(req)));
  };

  return {
    getProfile,
    getPoints,
    listCustomers,
    listAllUsers,
    addCustomer,
    addUser,
    addCustomers,
    startCustomerImport,
    getCustomerImport,
    postChangeTier,
    postBlock,
    postResetPassword,
    removeUser,
  };
}
