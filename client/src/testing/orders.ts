import type { Order, OrderLine } from '@app/common';

// Builders for the orders API's shapes (common/src/schemas/orders.ts); each test overrides only what it is about.

let sequence = 0;

export function buildOrderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  sequence += 1;
  return {
    _id: `line-${sequence}`,
    itemId: { _id: `item-${sequence}`, name: 'Steel Water Bottle', pointsRequired: 500, discount: 0, images: [] },
    quantity: 1,
    pointsEach: 500,
    ...overrides,
  };
}

/** An order as GET /api/admin/orders and GET /api/user/orders answer it; its alias follows its number. */
export function buildOrder(number: number, overrides: Partial<Order> = {}): Order {
  return {
    _id: `order-${number}`,
    orderIdAlias: `ORD-${String(number).padStart(6, '0')}`,
    orderDate: '2026-11-02T10:00:00.000Z',
    status: 'Pending',
    userId: { _id: 'c-1', username: 'dealer-1', partyName: 'Sharma Traders', tier: 'Silver' },
    items: [buildOrderLine()],
    address: {
      addressLine1: '12 MG Road',
      city: 'Jaipur',
      state: 'Rajasthan',
      country: 'India',
      pinCode: '302001',
    },
    totalValue: 500,
    history: [],
    ...overrides,
  };
}
