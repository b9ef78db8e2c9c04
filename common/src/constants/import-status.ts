/**
 * A bulk import holds at most this many rows (one request, one transaction). Here rather than beside the
 * import's schema: the dashboard's file picker reads it, and zod stays out of its first code (decision 031).
 */
export const MAX_IMPORT_ROWS = 10_000;

// A bulk customer import job: waiting its turn (one import runs at a time per server process), hashing
// passwords, then saving in one transaction, then one of the two ends.
export const CUSTOMER_IMPORT_STATUSES = ['queued', 'hashing', 'saving', 'completed', 'failed'] as const;
export type CustomerImportStatus = (typeof CUSTOMER_IMPORT_STATUSES)[number];
