import { describe, expect, it } from 'vitest';
import { itemFormSchema } from '../schemas/items';
import { billingStillNeeded, discountPercent, linePoints, pointsAfterDiscount, purchaseOutlook } from './shop';

describe('shop maths (spec §9)', () => {
  it('when an item has a discount, then the points after discount and the percent follow the spec exactly', () => {
    const kettle = { pointsRequired: 1000.1, discount: 0.2 };
    expect(pointsAfterDiscount(kettle)).toBe(999.9);
    expect(discountPercent({ pointsRequired: 300, discount: 100 })).toBe(33.33);
    expect(discountPercent({ pointsRequired: 800, discount: 0 })).toBe(0);
  });

  it('when the balance falls short, then billing still needed is the shortfall times the tier rate, floored at 0', () => {
    const fan = { pointsRequired: 500, discount: 50 };
    expect(billingStillNeeded(fan, 200.25, 400)).toBe(99_900);
    expect(billingStillNeeded(fan, 450, 400)).toBe(0);
    expect(billingStillNeeded(fan, 900, 400)).toBe(0);
    expect(billingStillNeeded(fan, -10, 200)).toBe(92_000);
    expect(billingStillNeeded(fan, 0, 0)).toBe(0);
    expect(billingStillNeeded({ pointsRequired: 0.03, discount: 0 }, 0, 333.33)).toBe(10);
  });

  it('when the customer looks at a card, then it says they can buy, the billing needed, or (earning nothing) the points missing', () => {
    const fan = { pointsRequired: 500, discount: 50 };
    expect(purchaseOutlook(fan, 450, 400)).toEqual({ kind: 'can-buy' });
    expect(purchaseOutlook(fan, 400, 400)).toEqual({ kind: 'billing', amount: 20_000 });
    expect(purchaseOutlook(fan, 400.5, 0)).toEqual({ kind: 'points', points: 49.5 });
  });

  it('when a cart line has a quantity, then its points are the discounted points times the quantity', () => {
    expect(linePoints({ pointsRequired: 100.1, discount: 0.1 }, 3)).toBe(300);
  });
});

describe('itemFormSchema (contract "Items")', () => {
  it('when the multipart form sends text, then numbers are read and a missing discount is 0', () => {
    expect(
      itemFormSchema.parse({ name: ' Kettle ', description: '<p>Steel</p>', pointsRequired: '250.5', stock: '4', discount: '' }),
    ).toEqual({
      name: 'Kettle',
      description: '<p>Steel</p>',
      pointsRequired: 250.5,
      discount: 0,
      stock: 4,
    });
  });

  it.each([
    [{ discount: 250 }, 'discount', 'Discount must be less than points required'],
    [{ discount: 300 }, 'discount', 'Discount must be less than points required'],
    [{ discount: -1 }, 'discount', 'Discount cannot be negative'],
    [{ stock: -1 }, 'stock', 'Stock cannot be negative'],
    [{ stock: '1.5' }, 'stock', 'Stock must be a whole number'],
    [{ stock: 'many' }, 'stock', 'Stock must be a number'],
    [{ pointsRequired: 0 }, 'pointsRequired', 'Points required must be more than 0'],
    [{ pointsRequired: '10.255' }, 'pointsRequired', 'Use at most 2 decimals'],
    [{ name: '   ' }, 'name', 'Item name is required'],
    [{ name: undefined }, 'name', 'Item name is required'],
    [{ stock: undefined }, 'stock', 'Stock must be a number'],
    [{ description: ' ' }, 'description', 'Description is required'],
    [{ description: { html: '<p>' } }, 'description', 'Description is required'],
  ])('when the form has %o, then %s says "%s"', (change, field, message) => {
    const result = itemFormSchema.safeParse({ name: 'Kettle', description: 'Steel', pointsRequired: 250, stock: 4, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
  });
});
