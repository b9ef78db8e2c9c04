import type { Address, CartLine, CheckoutResponse, Item } from '@app/common';
import { buildOrder } from './orders';

// Builders for the cart, addresses and checkout shapes (common/src/schemas/cart.ts, addresses.ts, orders.ts);
// each test overrides only what it is about.

let sequence = 0;
const nextId = (prefix: string) => {
  sequence += 1;
  return `${prefix}-${sequence}`;
};

/** A cart line of GET /api/user/cart: the item populated with what the cart shows. */
export function buildCartLine(item: Item, quantity = 1): CartLine {
  const { _id, name, pointsRequired, discount, images, stock } = item;
  return { _id: nextId('line'), itemId: { _id, name, pointsRequired, discount, images, stock }, quantity };
}

export function buildAddress(overrides: Partial<Address> = {}): Address {
  return {
    _id: nextId('address'),
    addressLine1: '12 MG Road',
    city: 'Jaipur',
    state: 'Rajasthan',
    country: 'India',
    pinCode: '302001',
    default: false,
    ...overrides,
  };
}

/** 201 of POST /api/user/cart/checkout: the order and the balance left. */
export function buildCheckoutResponse(availablePoints: number, orderNumber = 123): CheckoutResponse {
  return { order: buildOrder(orderNumber), availablePoints };
}
