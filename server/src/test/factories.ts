import type { Tier, UserType } from '@app/common';
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { items } from '../db/schema';
import { insertUser, type UserRow } from '../features/users/users.repository';
import { hashPassword } from '../lib/passwords';

export const TEST_PASSWORD = 'correct-horse-42';

// bcrypt costs ~55 ms a hash; users made with the same password share one hash.
const hashCache = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashCache.set(password, hash);
  }
  return hash;
}

export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

export type UserOverrides = {
  username?: string;
  partyName?: string;
  phoneNumber?: string;
  password?: string;
  tier?: Tier;
  blocked?: boolean;
  isPasswordReset?: boolean;
  availablePoints?: number;
  totalPoints?: number;
};

/** A user straight in the database; points are given in hundredths, as stored. */
export async function createUser(
  db: DbOrTx,
  userType: UserType,
  overrides: UserOverrides = {},
): Promise<UserRow & { password: string }> {
  const password = overrides.password ?? TEST_PASSWORD;
  const row = await insertUser(db, {
    username: overrides.username ?? `${userType}-${uniqueSuffix()}`,
    partyName: overrides.partyName ?? `Party ${uniqueSuffix()}`,
    phoneNumber: overrides.phoneNumber ?? '9876543210',
    passwordHash: await cachedHash(password),
    userType,
    tier: overrides.tier ?? 'NoTier',
    blocked: overrides.blocked ?? false,
    isPasswordReset: overrides.isPasswordReset ?? true,
    availablePoints: overrides.availablePoints ?? 0,
    totalPoints: overrides.totalPoints ?? 0,
  });
  return { ...row, password };
}

export const createCustomer = (db: DbOrTx, overrides?: UserOverrides) => createUser(db, 'customer', overrides);
export const createAdmin = (db: DbOrTx, overrides?: UserOverrides) => createUser(db, 'admin', overrides);
export const createSuperadmin = (db: DbOrTx, overrides?: UserOverrides) => createUser(db, 'superadmin', overrides);

/** The body of add-customer, or one row of a bulk import, as a client sends it; fields may be overridden. */
export function customerInput<Username>(username: Username, overrides: Record<string, unknown> = {}) {
  return {
    username,
    partyName: 'Ajmer Traders',
    phoneNumber: '9829012345',
    password: 'import-pass-1',
    ...overrides,
  };
}

export type ItemOverrides = Partial<typeof items.$inferInsert>;

/**
 * A catalogue item written straight to the table, for tests about something else than the item API: an
 * Electric Kettle of 300 points less 50 off, 10 in stock, unless `overrides` says otherwise. Stored amounts are
 * hundredths (decision 003).
 */
export async function createItem(db: DbOrTx, overrides: ItemOverrides = {}) {
  const [item] = await db
    .insert(items)
    .values({
      name: 'Electric Kettle',
      description: '<p>Kettle</p>',
      pointsRequired: 30000,
      discount: 5000,
      stock: 10,
      ...overrides,
    })
    .returning();
  return item!;
}
