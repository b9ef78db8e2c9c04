import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Contract "Login": failed sign-ins are counted in the database so every server process sees the same counts
// and a restart keeps them. One row per failure (or per attempt in flight, see features/auth/login-throttle.ts):
// inserts never lose a count under concurrency, and each limit is one indexed look-up. Rows older than the
// 15-minute window are purged at sign-in.
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The username as typed, trimmed and lower-cased: the key is case-insensitive like usernames. */
    usernameKey: text('username_key').notNull(),
    /** The client address (req.ip: the socket's, or X-Forwarded-For through a proxy TRUST_PROXY names). */
    address: text('address').notNull(),
    /**
     * Contract "Known devices": the device id of a valid device token the attempt carried. Such failures count
     * per (username, device) only; rows without one count for the pair, username and address limits.
     */
    deviceId: text('device_id'),
    /** From the app's clock, not the database's, so tests can cross the window. */
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // One index per limit: (username, address), username, address; and failed_at for the purge.
    index('login_failures_username_address_idx').on(table.usernameKey, table.address, table.failedAt),
    index('login_failures_username_idx').on(table.usernameKey, table.failedAt),
    index('login_failures_address_idx').on(table.address, table.failedAt),
    index('login_failures_failed_at_idx').on(table.failedAt),
    index('login_failures_username_device_idx').on(table.usernameKey, table.deviceId, table.failedAt),
  ],
);
