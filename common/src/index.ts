export * from './constants/tiers';
export * from './constants/roles';
export * from './constants/order-status';
export * from './errors';
export * from './money';
export * from './schemas/fields';
export * from './schemas/auth';
export * from './schemas/settings';
