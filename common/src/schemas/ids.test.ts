import { describe, expect, it } from 'vitest';
import { createBillSchema } from './bills';
import { addToCartSchema } from './cart';
import { checkoutSchema, orderIdParamsSchema } from './orders';
import { changeTierSchema } from './users';

const AN_ID = '0b6f2a55-8a58-4c4e-9a57-3f1f0d1d8c21';

/** The messages of a failed parse, by field path, as the server's 400 `details` carry them. */
function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('ids a person picks (issue 16: messages for a person, never "expected string, received null")', () => {
  it.each([null, undefined, '', 'not-an-id', 12])(
    'when a checkout has the delivery address %j, then the message is "Choose a delivery address"',
    (addressId) => {
      const result = checkoutSchema.safeParse({ addressId, items: [{ itemId: AN_ID, quantity: 1 }] });
      expect(problems(result)).toEqual(['addressId: Choose a delivery address']);
    },
  );

  it('when a checkout line has no item, then the message is "Choose an item"', () => {
    const result = checkoutSchema.safeParse({ addressId: AN_ID, items: [{ itemId: null, quantity: 1 }] });
    expect(problems(result)).toEqual(['items.0.itemId: Choose an item']);
  });

  it('when a bill names no customer, or a tier change no user, then each says what to choose', () => {
    expect(problems(createBillSchema.safeParse({ userId: null, billNumber: 'INV-1', billAmount: 100 }))).toEqual([
      'userId: Choose a customer',
    ]);
    expect(problems(changeTierSchema.safeParse({ newTier: 'Gold' }))).toEqual(['userId: Choose a user']);
  });

  it('when an item added to the cart is missing or malformed, then the message is "Choose an item"', () => {
    expect(problems(addToCartSchema.safeParse({ itemId: null, quantity: 1 }))).toEqual(['itemId: Choose an item']);
    expect(problems(addToCartSchema.safeParse({ itemId: 'abc', quantity: 1 }))).toEqual(['itemId: Choose an item']);
  });

  it('when another id is null or missing, then it is "Not a valid id", as a malformed one is', () => {
    expect(problems(orderIdParamsSchema.safeParse({ orderId: null }))).toEqual(['orderId: Not a valid id']);
    expect(problems(orderIdParamsSchema.safeParse({}))).toEqual(['orderId: Not a valid id']);
    expect(problems(orderIdParamsSchema.safeParse({ orderId: 'abc' }))).toEqual(['orderId: Not a valid id']);
  });

  it('when the ids are well formed, then they pass unchanged', () => {
    expect(checkoutSchema.parse({ addressId: AN_ID, items: [{ itemId: AN_ID, quantity: 2 }] })).toEqual({
      addressId: AN_ID,
      items: [{ itemId: AN_ID, quantity: 2 }],
    });
  });
});
