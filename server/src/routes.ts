import type { UserType } from '@app/common';
import { Router, type RequestHandler } from 'express';
import {
  blockUserSchema,
  bulkCustomersSchema,
  changePasswordSchema,
  changeTierSchema,
  createCustomerSchema,
  createUserSchema,
  listUsersQuerySchema,
  loginSchema,
  resetUserPasswordSchema,
  idParamsSchema,
} from '@app/common';
import type { AppDeps } from './deps';
import { createAuditHandlers, listAuditQuerySchema } from './features/audit/audit.routes';
import { createAuthHandlers } from './features/auth/auth.routes';
import { createItemsHandlers } from './features/items/items.routes';
import { createHealthHandlers } from './features/health/health.routes';
import { createSettingsHandlers } from './features/settings/settings.routes';
import { createUsersHandlers } from './features/users/users.routes';
import { apiNotFound } from './lib/error-handler';
import { createAuthenticate, requireRole } from './lib/auth';
import { validate } from './lib/validate';

export type RouteAccess = 'public' | readonly UserType[];

export type RouteDefinition = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Under /api, in the spec's spelling (spec §7). */
  path: string;
  /** Spec §6: who may call it. Enforced here by authenticate + requireRole, never left to the client. */
  access: RouteAccess;
  /** Open to a signed-in user who still has to replace a password someone else chose. */
  allowBeforePasswordReset?: boolean;
  handlers: RequestHandler[];
};

export const EVERYONE_SIGNED_IN = ['customer', 'admin', 'superadmin'] as const;
export const CUSTOMER = ['customer'] as const;
export const STAFF = ['admin', 'superadmin'] as const;
export const SUPERADMIN = ['superadmin'] as const;

/** The one table of API routes and their roles. Later features add their rows here. */
export function routeTable(deps: AppDeps): RouteDefinition[] {
  const health = createHealthHandlers(deps);
  const settings = createSettingsHandlers(deps);
  const auth = createAuthHandlers(deps);
  const users = createUsersHandlers(deps);
  const audit = createAuditHandlers(deps);
  const items = createItemsHandlers(deps);

  return [
    { method: 'get', path: '/health', access: 'public', handlers: [health.getHealth] },
    { method: 'get', path: '/settings/public', access: 'public', handlers: [settings.getPublic] },
    { method: 'post', path: '/auth/login', access: 'public', handlers: [validate({ body: loginSchema }), auth.postLogin] },
    {
      method: 'post',
      path: '/auth/logout',
      access: EVERYONE_SIGNED_IN,
      allowBeforePasswordReset: true,
      handlers: [auth.postLogout],
    },
    {
      method: 'post',
      path: '/user/change-password',
      access: EVERYONE_SIGNED_IN,
      allowBeforePasswordReset: true,
      handlers: [validate({ body: changePasswordSchema }), auth.postChangePassword],
    },
    { method: 'get', path: '/user/profile', access: CUSTOMER, handlers: [users.getProfile] },
    { method: 'get', path: '/user/points', access: CUSTOMER, handlers: [users.getPoints] },

    { method: 'get', path: '/item', access: 'public', handlers: [items.listItems] },

    { method: 'get', path: '/admin/users', access: STAFF, handlers: [validate({ query: listUsersQuerySchema }), users.listCustomers] },
    { method: 'post', path: '/admin/add-customer', access: STAFF, handlers: [validate({ body: createCustomerSchema }), users.addCustomer] },
    { method: 'post', path: '/admin/add-customers', access: STAFF, handlers: [validate({ body: bulkCustomersSchema }), users.addCustomers] },
    {
      method: 'post',
      path: '/admin/customer-imports',
      access: STAFF,
      handlers: [validate({ body: bulkCustomersSchema }), users.startCustomerImport],
    },
    {
      method: 'get',
      path: '/admin/customer-imports/:id',
      access: STAFF,
      handlers: [validate({ params: idParamsSchema }), users.getCustomerImport],
    },

    { method: 'get', path: '/superadmin/allusers', access: SUPERADMIN, handlers: [validate({ query: listUsersQuerySchema }), users.listAllUsers] },
    { method: 'post', path: '/superadmin/sausers', access: SUPERADMIN, handlers: [validate({ body: createUserSchema }), users.addUser] },
    {
      method: 'post',
      path: '/superadmin/users/change-tier',
      access: SUPERADMIN,
      handlers: [validate({ body: changeTierSchema }), users.postChangeTier],
    },
    {
      method: 'post',
      path: '/superadmin/users/:id/block',
      access: SUPERADMIN,
      handlers: [validate({ params: idParamsSchema, body: blockUserSchema }), users.postBlock],
    },
    {
      method: 'post',
      path: '/superadmin/users/:id/reset-password',
      access: SUPERADMIN,
      handlers: [validate({ params: idParamsSchema, body: resetUserPasswordSchema }), users.postResetPassword],
    },
    {
      method: 'delete',
      path: '/superadmin/users/:id',
      access: SUPERADMIN,
      handlers: [validate({ params: idParamsSchema }), users.removeUser],
    },
    { method: 'get', path: '/superadmin/audit', access: SUPERADMIN, handlers: [validate({ query: listAuditQuerySchema }), audit.getAudit] },
  ];
}

export function createApiRouter(deps: AppDeps): Router {
  const router = Router();
  const authenticate = createAuthenticate(deps);
  const authenticateBeforeReset = createAuthenticate(deps, { allowBeforePasswordReset: true });
  for (const route of routeTable(deps)) {
    const guards =
      route.access === 'public'
        ? []
        : [route.allowBeforePasswordReset ? authenticateBeforeReset : authenticate, requireRole(route.access)];
    router[route.method](route.path, ...guards, ...route.handlers);
  }
  router.use(apiNotFound);
  return router;
}
