// A bulk customer import job: waiting its turn (one import runs at a time per server process), hashing
// passwords, then saving in one transaction, then one of the two ends.
export const CUSTOMER_IMPORT_STATUSES = ['queued', 'hashing', 'saving', 'completed', 'failed'] as const;
export type CustomerImportStatus = (typeof CUSTOMER_IMPORT_STATUSES)[number];
