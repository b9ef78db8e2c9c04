import { z } from 'zod';
import { newPasswordSchema } from './fields';
import { LOGIN_MESSAGES, normalizeLoginUsername, SIGN_IN_CODE_LIFETIME_MINUTES, SIGN_IN_CODE_PATTERN } from '../rules/login';

// Spec §5 Login: username and password required, no other bounds (the server still caps sizes). The login
// form checks the same rules without zod (rules/login.ts). Contract "Known devices": an optional deviceToken
// from an earlier sign-in of this user on this device; one that is not valid for the user counts as none.
export const loginSchema = z.object({
  username: z
    .string({ error: LOGIN_MESSAGES.usernameRequired })
    .transform(normalizeLoginUsername)
    .pipe(z.string().min(1, LOGIN_MESSAGES.usernameRequired).max(200)),
  password: z.string({ error: LOGIN_MESSAGES.passwordRequired }).min(1, LOGIN_MESSAGES.passwordRequired).max(1000),
  deviceToken: z
    .string({ error: 'Device token must be text' })
    .max(2000, 'Device token must be at most 2000 characters')
    .optional(),
  // Contract "Sign-in codes": a code sent to the owner lets the right password through the limits once.
  signInCode: z
    .string({ error: LOGIN_MESSAGES.signInCodeInvalid })
    .trim()
    .regex(SIGN_IN_CODE_PATTERN, LOGIN_MESSAGES.signInCodeInvalid)
    .optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/auth/sign-in-code (anonymous): whose code to send; the answer is the same whoever it is. */
export const signInCodeRequestSchema = z.object({ username: loginSchema.shape.username });
export type SignInCodeRequest = z.infer<typeof signInCodeRequestSchema>;

/** What POST /api/auth/sign-in-code always answers (202), whether or not a code was sent. */
export const SIGN_IN_CODE_SENT_MESSAGE = `If this account can receive a sign-in code, one is on its way. It is valid for ${SIGN_IN_CODE_LIFETIME_MINUTES} minutes.`;

// Spec §7 user/change-password: body { newPassword }. Contract: plus currentPassword, which the server
// requires once the user has chosen their own password (isPasswordReset true); the spec's client, forced to
// change a password someone else chose, sends newPassword alone. Like login's password, no other bounds.
export const changePasswordSchema = z.object({
  newPassword: newPasswordSchema,
  currentPassword: z
    .string({ error: 'Current password must be text' })
    .max(1000, 'Current password must be at most 1000 characters')
    .optional(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

// Client-side forms for /reset-password: new and confirm password, both required and equal (spec §5).
const newPasswordPair = {
  newPassword: newPasswordSchema,
  confirmPassword: z.string().min(1, 'Please confirm the password'),
};
const passwordsMatch = (value: { newPassword: string; confirmPassword: string }) => value.newPassword === value.confirmPassword;
const passwordsDoNotMatch = { message: 'Passwords do not match', path: ['confirmPassword'] };

/** The spec's screen, for a user changing a password someone else chose (isPasswordReset false). */
export const resetPasswordFormSchema = z.object(newPasswordPair).refine(passwordsMatch, passwordsDoNotMatch);

/** For a user who chose their own password, the current one too (contract: change-password). */
export const resetOwnPasswordFormSchema = z
  .object({ currentPassword: z.string().min(1, 'Current password is required'), ...newPasswordPair })
  .refine(passwordsMatch, passwordsDoNotMatch);
