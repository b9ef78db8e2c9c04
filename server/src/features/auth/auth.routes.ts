import { changePasswordSchema, loginSchema, type LogoutResponse } from '@app/common';
import type { AppDeps } from '../../deps';
import { defineRoute, EVERYONE_SIGNED_IN, type RouteDefinition } from '../../lib/route';
import { changeOwnPassword, login, logout } from './auth.service';
import { LoginThrottle } from './login-throttle';

export function authRoutes(deps: AppDeps): RouteDefinition[] {
  // One throttle per app: failures counted in memory for the life of the process.
  const throttle = new LoginThrottle(deps.clock);

  return [
    // POST /api/auth/login (public) - { token, refreshToken, user }; 401 wrong credentials, 403 blocked,
    // 429 throttled
    defineRoute({
      method: 'post',
      path: '/auth/login',
      access: 'public',
      request: { body: loginSchema },
      handler: ({ db, now, input, request }) =>
        login({ db, jwtSecret: deps.jwtSecret, now, throttle, clientAddress: request.ip ?? 'unknown' }, input.body),
    }),

    // POST /api/auth/logout (any signed-in user, also before their first own password) - revokes this
    // session's token; 200 { message }
    defineRoute({
      method: 'post',
      path: '/auth/logout',
      access: EVERYONE_SIGNED_IN,
      allowBeforePasswordReset: true,
      handler: async ({ db, now, user }): Promise<LogoutResponse> => {
        await logout({ db, now }, user.sessionId);
        return { message: 'Logged out' };
      },
    }),

    // POST /api/user/change-password (any signed-in user, also before their first own password) - a new
    // session for this device; every older token is revoked
    defineRoute({
      method: 'post',
      path: '/user/change-password',
      access: EVERYONE_SIGNED_IN,
      allowBeforePasswordReset: true,
      request: { body: changePasswordSchema },
      handler: ({ db, now, user, input }) => changeOwnPassword({ db, jwtSecret: deps.jwtSecret, now }, user.id, input.body),
    }),
  ];
}
