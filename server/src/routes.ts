import type { UserType } from '@app/common';
import { Router, type RequestHandler } from 'express';
import { changePasswordSchema, loginSchema } from '@app/common';
import type { AppDeps } from './deps';
import { createAuthHandlers } from './features/auth/auth.routes';
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
