import type { ChangePasswordInput, LoginInput } from '@app/common';
import type { RequestHandler } from 'express';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../lib/auth';
import { changeOwnPassword, login, logout } from './auth.service';
import { LoginThrottle } from './login-throttle';

export function createAuthHandlers(deps: AppDeps) {
  // One throttle per app: failures counted in memory for the life of the process.
  const throttle = new LoginThrottle(deps.clock);

  // POST /api/auth/login (public) - { token, refreshToken, user }; 401 wrong credentials, 403 blocked, 429 throttled
  const postLogin: RequestHandler = async (req, res) => {
    const session = await login(
      { db: deps.db, jwtSecret: deps.jwtSecret, now: deps.clock.now(), throttle, clientAddress: req.ip ?? 'unknown' },
      req.valid.body as LoginInput,
    );
    res.json(session);
  };

  // POST /api/user/change-password (any signed-in user, also before their first own password) - new session
  const postChangePassword: RequestHandler = async (req, res) => {
    const result = await changeOwnPassword(
      { db: deps.db, jwtSecret: deps.jwtSecret, now: deps.clock.now() },
      currentUser(req).id,
      req.valid.body as ChangePasswordInput,
    );
    res.json(result);
  };

  // POST /api/auth/logout (any signed-in user) - revokes this session's token; 200 { message }
  const postLogout: RequestHandler = async (req, res) => {
    await logout({ db: deps.db, now: deps.clock.now() }, currentUser(req).sessionId);
    res.json({ message: 'Logged out' });
  };

  return { postLogin, postChangePassword, postLogout };
}
