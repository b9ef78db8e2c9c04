import {
  ADDRESS_COUNTRY,
  ADDRESS_STATE,
  MAX_ADDRESSES,
  type Address,
  type AddressForm,
  type DeleteAddressResponse,
} from '@app/common';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { lockLiveUser } from '../ledger/ledger.service';
import {
  countLiveAddresses,
  findAddressById,
  findDefaultAddress,
  findLiveAddress,
  findNewestLiveAddress,
  insertAddress,
  listLiveAddresses,
  setAddressDefault,
  softDeleteAddress,
  type AddressRow,
} from './addresses.repository';

function toAddress(row: AddressRow): Address {
  return {
    _id: row.id,
    addressLine1: row.addressLine1,
    ...(row.addressLine2 ? { addressLine2: row.addressLine2 } : {}),
    city: row.city,
    state: row.state,
    country: row.country,
    pinCode: row.pinCode,
    default: row.isDefault,
  };
}

/** GET /api/user/addresses: the customer's own live addresses, the default first, then newest first. */
export async function listAddresses(db: Db, userId: string): Promise<Address[]> {
  return (await listLiveAddresses(db, userId)).map(toAddress);
}

/**
 * POST /api/user/addresses (contract "Addresses"): the server sets state and country; the first address is
 * the default whatever was sent, and a new default clears the old one. The customer's row is locked first,
 * so concurrent saves of one customer queue up: never two defaults, never the unique index's error.
 */
export async function createAddress(db: Db, userId: string, form: AddressForm, now: Date): Promise<Address> {
  return inTransaction(db, async (tx) => {
    await lockLiveUser(tx, userId);
    if ((await countLiveAddresses(tx, userId)) >= MAX_ADDRESSES) {
      throw new AppError('CONFLICT', `You can save at most ${MAX_ADDRESSES} addresses; delete one to add another`);
    }
    const current = await findDefaultAddress(tx, userId);
    const isDefault = form.default || !current;
    if (isDefault && current) await setAddressDefault(tx, current.id, false);
    const row = await insertAddress(tx, {
      userId,
      addressLine1: form.addressLine1,
      addressLine2: form.addressLine2 ?? null,
      city: form.city,
      state: ADDRESS_STATE,
      country: ADDRESS_COUNTRY,
      pinCode: form.pinCode,
      isDefault,
      createdAt: now,
    });
    return toAddress(row);
  });
}

/**
 * DELETE /api/user/addresses/{id}: soft-deletes one of the customer's own addresses (another customer's is
 * not found, so its existence is not revealed). Deleting the default promotes the newest remaining address
 * in the same transaction (contract: exactly one default while the customer has any).
 */
export async function deleteAddress(db: Db, userId: string, id: string, now: Date): Promise<DeleteAddressResponse> {
  return inTransaction(db, async (tx) => {
    await lockLiveUser(tx, userId);
    const address = await findLiveAddress(tx, userId, id);
    if (!address) throw new AppError('NOT_FOUND', 'Address not found');
    await softDeleteAddress(tx, address.id, now);
    let defaultAddress = await findDefaultAddress(tx, userId);
    if (!defaultAddress) {
      defaultAddress = await findNewestLiveAddress(tx, userId);
      if (defaultAddress) await setAddressDefault(tx, defaultAddress.id, true);
    }
    return { message: 'Address deleted', _id: address.id, defaultAddressId: defaultAddress?.id ?? null };
  });
}

/**
 * Checkout (orders feature): an address that is not deleted, whoever owns it, so the caller can tell "not yours"
 * (403) from "not there" (404) and keep a snapshot of it on the order.
 */
export function findAddressForOrder(tx: DbOrTx, id: string): Promise<AddressRow | undefined> {
  return findAddressById(tx, id);
}
