import { z } from 'zod';

// Contract "Beyond the spec: running the programme", Overview.

export const OVERVIEW_MONTHS_MAX = 24;
export const OVERVIEW_MONTHS_DEFAULT = 12;

/** GET /api/admin/overview?months=N: 1 to 24 months, 12 when absent. */
export const overviewQuerySchema = z.object({
  months: z.coerce
    .number({ error: 'Months must be a whole number from 1 to 24' })
    .int('Months must be a whole number from 1 to 24')
    .min(1, 'Months must be a whole number from 1 to 24')
    .max(OVERVIEW_MONTHS_MAX, 'Months must be a whole number from 1 to 24')
    .default(OVERVIEW_MONTHS_DEFAULT),
});
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;
