import { billAmountSchema, billDateSchema, billNumberSchema } from '@app/common';
import { z } from 'zod';
import { localizedSchemaResolver } from '../../../lib/forms';

/** Spec §5 Bill form, as the Add Bill and Edit Bill forms hold it: an empty amount reads as missing. */
export const billFormSchema = z.object({
  billNumber: billNumberSchema,
  billDate: billDateSchema,
  billAmount: z.preprocess((value) => (value === '' ? undefined : value), billAmountSchema),
});

// Made once, not per render: useForm re-creates its validators whenever this function changes.
export const validateBillForm = localizedSchemaResolver(billFormSchema);
