import { z } from 'zod';
import { newPasswordSchema } from './fields';
import { USER_TYPES } from '../constants/roles';
import { TIERS } from '../constants/tiers';

// Spec §5 Login: username and password required, no other bounds (the server still caps sizes).
export const loginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(200),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1000),
});
export type LoginInput = z.infer<typeof loginSchema>;

// Spec §7 user/change-password: body { newPassword }.
export const changePasswordSchema = z.object({ newPassword: newPasswordSchema });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Client-side form for /reset-password: both fields, and they must match (spec §5). */
export const resetPasswordFormSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, 'Please confirm the password'),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export const sessionUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  userType: z.enum(USER_TYPES),
  partyName: z.string(),
  isPasswordReset: z.boolean(),
  tier: z.enum(TIERS).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST /api/auth/login. `token` and `refreshToken` carry the same session (contract "API conventions"). */
export type LoginResponse = {
  token: string;
  refreshToken: string;
  user: SessionUser;
};

/** POST /api/user/change-password: a fresh session for the device that made the change. */
export type ChangePasswordResponse = LoginResponse & { message: string };

/** POST /api/auth/logout */
export type LogoutResponse = { message: string };
