import { z } from 'zod';
import { messageAnswer } from './fields';
import { userAnswer } from './users';

/** The `user` of a sign-in answer: what the client keeps in its session (spec §3). */
export const signedInUserAnswer = userAnswer.pick({
  _id: true,
  username: true,
  userType: true,
  partyName: true,
  isPasswordReset: true,
  tier: true,
  language: true,
  email: true,
});
export type SignedInUser = z.infer<typeof signedInUserAnswer>;

/** The user a stored session holds: one stored before tier, language and email were sent lacks them. */
export type SessionUser = Omit<SignedInUser, 'tier' | 'language' | 'email'> &
  Partial<Pick<SignedInUser, 'tier' | 'language' | 'email'>>;

/** `token` and `refreshToken` carry the same session (contract "API conventions"). */
const sessionAnswer = z.object({ token: z.string(), refreshToken: z.string(), user: signedInUserAnswer });

/**
 * POST /api/auth/login. `deviceToken` (contract "Known devices"): this device's proof of a past sign-in of
 * this user, for the next login; not a session token.
 */
export const loginAnswer = sessionAnswer.extend({ deviceToken: z.string() });
export type LoginResponse = z.infer<typeof loginAnswer>;

/**
 * POST /api/user/change-password: a fresh token for the session that made the change. That session's older
 * token keeps working too; the user's other sessions end (contract "API conventions").
 */
export const changePasswordAnswer = sessionAnswer.extend({ message: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordAnswer>;

/** POST /api/auth/sign-in-code: always the same 202, whether or not a code was sent. */
export const signInCodeAnswer = messageAnswer;
export type SignInCodeResponse = z.infer<typeof signInCodeAnswer>;

/** POST /api/auth/logout */
export const logoutAnswer = messageAnswer;
export type LogoutResponse = z.infer<typeof logoutAnswer>;
