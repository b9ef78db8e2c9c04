import { z } from 'zod';
import { MAX_IMPORT_ROWS } from '../constants/import-status';
import { USER_TYPES } from '../constants/roles';
import { TIERS } from '../constants/tiers';
import { chosenIdSchema, newPasswordSchema, pagedListQuery, singleLineText, usernameSchema } from './fields';
import { emailSchema } from './preferences';

// Spec §5 "Add user forms": username, party name, phone number, password all required.

// Issue 30: both are single-line texts (singleLineText): a party name reaches mail subjects and list rows.
export const partyNameSchema = singleLineText('Party name', { max: 120 });

/** Indian and international numbers: digits with optional +, spaces and hyphens; 7 to 15 digits. */
export const phoneNumberSchema = singleLineText('Phone number', { max: 20 }).refine(
  (value) => /^\+?[0-9][0-9 -]*$/.test(value) && value.replace(/\D/g, '').length >= 7 && value.replace(/\D/g, '').length <= 15,
  {
    message: 'Enter a phone number of 7 to 15 digits',
  },
);

export const createCustomerSchema = z.object({
  username: usernameSchema,
  partyName: partyNameSchema,
  phoneNumber: phoneNumberSchema,
  password: newPasswordSchema,
  // Contract "language and notifications": optional; null or "" means none.
  email: emailSchema.optional(),
});
export type CreateCustomerInput = z.infer<typeof createCustomerSchema>;

/** Contract "Users": superadmins create customers and admins, never superadmins. */
export const CREATABLE_USER_TYPES = ['customer', 'admin'] as const;
export const createUserSchema = createCustomerSchema.extend({
  userType: z.enum(CREATABLE_USER_TYPES, { error: 'User type must be customer or admin' }).default('customer'),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** Rows are checked one by one on the server so each bad row gets its own problems; only the shape here. */
export const bulkCustomersSchema = z.object({
  users: z
    .array(z.unknown(), { error: 'The rows to import must be a list' })
    .min(1, 'The file has no rows to import')
    .max(MAX_IMPORT_ROWS, `A file may hold at most ${MAX_IMPORT_ROWS} rows`),
});

export const changeTierSchema = z.object({
  userId: chosenIdSchema('Choose a user'),
  newTier: z.enum(TIERS, { error: 'Choose one of the tiers' }),
});
export type ChangeTierInput = z.infer<typeof changeTierSchema>;

export const blockUserSchema = z.object({
  blocked: z.boolean({ error: 'Choose whether the account is blocked (true or false)' }),
});
export type BlockUserInput = z.infer<typeof blockUserSchema>;

export const resetUserPasswordSchema = z.object({ newPassword: newPasswordSchema });
export type ResetUserPasswordInput = z.infer<typeof resetUserPasswordSchema>;

/** Contract: lists that can grow take q, page, limit; without page they answer the plain array. */
export const listUsersQuerySchema = pagedListQuery().extend({
  q: z.string().trim().max(100).optional(),
  userType: z.enum(USER_TYPES).optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;
