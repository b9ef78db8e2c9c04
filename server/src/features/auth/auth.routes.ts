import {
  changePasswordAnswer,
  changePasswordSchema,
  loginAnswer,
  loginSchema,
  logoutAnswer,
  type LogoutResponse,
  SIGN_IN_CODE_SENT_MESSAGE,
  signInCodeAnswer,
  signInCodeRequestSchema,
  type SignInCodeResponse,
} from '@app/common';
import type { AppDeps } from '../../deps';
import { defineRoute, EVERYONE_SIGNED_IN, type RouteDefinition } from '../../lib/route';
import { changeOwnPassword, login, logout } from './auth.service';
import { sendSignInCode } from './sign-in-codes.service';
import { deliveryFor } from '../outbox/outbox.service';

export function authRoutes(deps: AppDeps): RouteDefinition[] {
  // Whether the notifications of these routes' changes are also mailed and POSTed (the worker sends them).
  const delivery = deliveryFor(deps.config);
  return [
    // POST /api/auth/login (public) - { token, refreshToken, deviceToken, user }; 401 wrong credentials,
    // 403 blocked, 429 throttled (per device with a valid deviceToken, else per username, address and pair).
    // request.ip is the socket's address, or X-Forwarded-For's through a TRUST_PROXY proxy.
    defineRoute({
      method: 'post',
      path: '/auth/login',
      access: 'public',
      answers: { 200: loginAnswer },
      request: { body: loginSchema },
      handler: ({ db, now, input, request }) =>
        login({ db, jwtSecret: deps.jwtSecret, now, clientAddress: request.ip ?? 'unknown' }, input.body),
    }),

    // POST /api/auth/sign-in-code (public) - 202 { message }, the same whether or not the user exists or can be
    // reached; a code (valid 10 minutes, at most 3 per username an hour) goes by email or the webhook after the
    // answer. A login with { username, password, signInCode } is then counted on the code alone.
    defineRoute({
      method: 'post',
      path: '/auth/sign-in-code',
      access: 'public',
      answers: { 202: signInCodeAnswer },
      request: { body: signInCodeRequestSchema },
      handler: ({ db, now, input, request, afterCommit }): SignInCodeResponse => {
        // After the answer: whether a code goes out must not show in how long the answer took.
        afterCommit(
          () =>
            void sendSignInCode({ db, delivery, jwtSecret: deps.jwtSecret, now }, input.body.username).catch((error: unknown) =>
              request.log.error({ err: error }, 'a sign-in code could not be sent'),
            ),
        );
        return { message: SIGN_IN_CODE_SENT_MESSAGE };
      },
    }),

    // POST /api/auth/logout (any signed-in user, also before their first own password) - revokes this
    // session's token; 200 { message }
    defineRoute({
      method: 'post',
      path: '/auth/logout',
      access: EVERYONE_SIGNED_IN,
      answers: { 200: logoutAnswer },
      allowBeforePasswordReset: true,
      handler: async ({ db, now, user }): Promise<LogoutResponse> => {
        await logout({ db, now }, user.sessionId);
        return { message: 'Logged out' };
      },
    }),

    // POST /api/user/change-password (any signed-in user, also before their first own password) -
    // { message, token, refreshToken, user }; this session goes on (old token and new), every other one ends;
    // 400 on currentPassword (missing or wrong) or newPassword (common, same as now); 409 if changed meanwhile
    defineRoute({
      method: 'post',
      path: '/user/change-password',
      access: EVERYONE_SIGNED_IN,
      answers: { 200: changePasswordAnswer },
      allowBeforePasswordReset: true,
      request: { body: changePasswordSchema },
      handler: ({ db, now, user, input }) => changeOwnPassword({ db, jwtSecret: deps.jwtSecret, now }, user, input.body),
    }),
  ];
}
