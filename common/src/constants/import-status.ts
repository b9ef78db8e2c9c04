// A bulk customer import job: hashing passwords, then saving in one transaction, then one of the two ends.
export const CUSTOMER_IMPORT_STATUSES = ['hashing', 'saving', 'completed', 'failed'] as const;
export type CustomerImportStatus = (typeof CUSTOMER_IMPORT_STATUSES)[number];
