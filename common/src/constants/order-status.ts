// Spec §4: order statuses.
export const ORDER_STATUSES = ['Pending', 'Completed', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
