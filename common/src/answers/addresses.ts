import { z } from 'zod';
import { messageAnswer, recordId } from './fields';

/** What an address says, as an order keeps it (its snapshot at checkout). */
export const addressLinesAnswer = z.object({
  addressLine1: z.string(),
  addressLine2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  pinCode: z.string(),
});

/** The API shape of an address (spec §3). */
export const addressAnswer = addressLinesAnswer.extend({ _id: recordId, default: z.boolean() });
export type Address = z.infer<typeof addressAnswer>;

/** DELETE /api/user/addresses/{id}: which address went, and which one is the default now (if any). */
export const deleteAddressAnswer = messageAnswer.extend({ _id: recordId, defaultAddressId: recordId.nullable() });
export type DeleteAddressResponse = z.infer<typeof deleteAddressAnswer>;

/** GET /api/user/addresses: live addresses, the default first. */
export const addressesAnswer = z.array(addressAnswer);
