import { z } from 'zod';
import { USER_TYPES } from '../constants/roles';
import { orderStatusSchema } from './orders';

// Contract "Exports": each export takes `format` and the same filters as its screen's list. The schemas are
// strict: a filter the list does not know is refused (400) rather than ignored, so a mistyped filter never
// silently exports everything.

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const formatSchema = z.enum(EXPORT_FORMATS, { error: 'Format must be csv or xlsx' }).default('csv');
const searchSchema = z
  .string({ error: 'q must be text' })
  .trim()
  .max(100, 'The search must be at most 100 characters')
  .optional();

const strict = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Unknown filter: ${(issue.keys ?? []).join(', ')}` : undefined,
};

/** GET /api/admin/export/users: the users screens' search, and for a superadmin the list's user type. */
export const exportUsersQuerySchema = z.strictObject(
  { format: formatSchema, q: searchSchema, userType: z.enum(USER_TYPES, { error: 'Choose a user type' }).optional() },
  strict,
);
export type ExportUsersQuery = z.infer<typeof exportUsersQuerySchema>;

/** GET /api/admin/export/bills: the bills screen's search (bill number or username). */
export const exportBillsQuerySchema = z.strictObject({ format: formatSchema, q: searchSchema }, strict);
export type ExportBillsQuery = z.infer<typeof exportBillsQuerySchema>;

/** GET /api/admin/export/orders: the orders board's search (order or username) and status. */
export const exportOrdersQuerySchema = z.strictObject(
  { format: formatSchema, q: searchSchema, status: orderStatusSchema.optional() },
  strict,
);
export type ExportOrdersQuery = z.infer<typeof exportOrdersQuerySchema>;

/** GET /api/admin/users/{id}/ledger/export: the whole points history of one user. */
export const exportLedgerQuerySchema = z.strictObject({ format: formatSchema }, strict);
export type ExportLedgerQuery = z.infer<typeof exportLedgerQuerySchema>;

/** What a screen passes to an export: the format and the filters it shows. */
export type ExportRequest = { format: ExportFormat; params?: Record<string, string | undefined> };
