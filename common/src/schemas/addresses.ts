import { z } from 'zod';
import { singleLineText } from './fields';

// Contract "Addresses": state is always Rajasthan and country India (the server sets them); pinCode is 6 digits;
// exactly one default address when the customer has any. Spec §5: addressLine1, city and pinCode required,
// addressLine2 optional. `default` may arrive as a boolean or as the strings "true"/"false". Every line is one
// line (issue 30): an address is printed line by line on the order and its export.

export const ADDRESS_STATE = 'Rajasthan';
export const ADDRESS_COUNTRY = 'India';
/** A customer's saved addresses at most: enough for every shop and warehouse, and a bound on one list. */
export const MAX_ADDRESSES = 20;

const defaultFlag = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: 'Default must be Yes or No' }),
);

export const addressFormSchema = z.object({
  addressLine1: singleLineText('Address line 1', { max: 200 }),
  addressLine2: singleLineText('Address line 2', { min: 0, max: 200, notText: 'Address line 2 must be text' })
    .optional()
    .transform((value) => (value ? value : undefined)),
  city: singleLineText('City', { max: 100 }),
  pinCode: z
    .string({ error: 'PIN code is required' })
    .trim()
    .regex(/^[0-9]{6}$/, 'PIN code must be 6 digits'),
  default: defaultFlag.optional().default(false),
});
export type AddressFormInput = z.input<typeof addressFormSchema>;
export type AddressForm = z.output<typeof addressFormSchema>;
