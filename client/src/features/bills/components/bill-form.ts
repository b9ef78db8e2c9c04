import { billAmountSchema, billDateSchema, billNumberSchema } from '@app/common';
import { schemaResolver } from '@mantine/form';
import { z } from 'zod';

/** Spec §5 Bill form, as the Add Bill and Edit Bill forms hold it: an empty amount reads as missing. */
export const billFormSchema = z.object({
  billNumber: billNumberSchema,
  billDate: billDateSchema,
  billAmount: z.preprocess((value) => (value === '' ? undefined : value), billAmountSchema),
});

// Made once, not per render: useForm re-creates its validators whenever this function changes.
export const validateBillForm = schemaResolver(billFormSchema, { sync: true });
