import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { addressFormSchema } from './addresses';
import { billNumberSchema } from './bills';
import { isSingleLine, singleLineText } from './fields';
import { itemFormSchema } from './items';
import { pointsAdjustmentSchema } from './ledger';
import { settingSchemas, supportContactSchema } from './settings';
import { partyNameSchema, phoneNumberSchema } from './users';

// Issue 30, point 5: every single-line text refuses each character that ends a line (UAX #14: BK, CR, LF, NL).
const LINE_BREAKS = ['\r\n', '\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029'];

/** Each single-line field of the shared schemas, with a value it accepts and the message of a break in it. */
const SINGLE_LINE_FIELDS: [string, ZodType, string, string][] = [
  ['party name', partyNameSchema, 'Ajmer Traders', 'Party name cannot contain line breaks'],
  ['phone number', phoneNumberSchema, '98290 12345', 'Phone number cannot contain line breaks'],
  ['bill number', billNumberSchema, 'B-1', 'Bill number cannot contain line breaks'],
  ['item name', itemFormSchema.shape.name, 'Kettle', 'Item name cannot contain line breaks'],
  ['address line 1', addressFormSchema.shape.addressLine1, '12 MI Road', 'Address line 1 cannot contain line breaks'],
  ['address line 2', addressFormSchema.shape.addressLine2, 'Near the fort', 'Address line 2 cannot contain line breaks'],
  ['city', addressFormSchema.shape.city, 'Jaipur', 'City cannot contain line breaks'],
  ['adjustment reason', pointsAdjustmentSchema.shape.reason, 'Festival bonus', 'Reason cannot contain line breaks'],
  ['product name', settingSchemas.productName, 'Rewards', 'Product name cannot contain line breaks'],
  ['contact name', supportContactSchema.shape.name, 'Asha Verma', 'Contact name cannot contain line breaks'],
  ['contact role', supportContactSchema.shape.role, 'Sales', 'Contact role cannot contain line breaks'],
  ['contact phone', supportContactSchema.shape.phone, '+91 98765 43210', 'Contact phone cannot contain line breaks'],
];

const messagesOf = (schema: ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('single-line texts (singleLineText)', () => {
  describe.each(SINGLE_LINE_FIELDS)('the %s', (_name, schema, value, message) => {
    it.each(LINE_BREAKS.map((lineBreak) => [JSON.stringify(lineBreak), lineBreak]))(
      'when it holds %s inside, then it is refused with a sentence that names no field',
      (_shown, lineBreak) => {
        const inside = `${value.slice(0, 2)}${lineBreak}${value.slice(2)}`;
        expect(messagesOf(schema, inside)[0]).toBe(message);
      },
    );

    it('when a line break only ends it, then it is trimmed away like a space', () => {
      expect(schema.parse(`\r\n${value}\u2028`)).toBe(value);
    });
  });

  it('when NEL ends a text, then it is refused too (JavaScript does not trim it)', () => {
    expect(messagesOf(billNumberSchema, 'B-1\u0085')).toEqual(['Bill number cannot contain line breaks']);
  });

  it('when a tab is inside, then it is not a line break', () => {
    expect(isSingleLine('B-1\tB-2')).toBe(true);
  });

  it('when a description (the one multi-line text of an item) holds line breaks, then it keeps them', () => {
    const description = '<p>Steel</p>\r\n<p>1.5 litre</p>\u2028';
    const item = itemFormSchema.parse({ name: 'Kettle', description, pointsRequired: 100, discount: 0, stock: 1 });
    expect(item.description).toBe(description.trim());
  });

  it('when built with a minimum and a label, then its messages say the label and the bounds', () => {
    const reason = singleLineText('Reason', { min: 3, max: 5 });
    expect(messagesOf(reason, undefined)).toEqual(['Reason is required']);
    expect(messagesOf(reason, 'ok')).toEqual(['Reason must be at least 3 characters']);
    expect(messagesOf(reason, 'too long')).toEqual(['Reason must be at most 5 characters']);
  });
});
