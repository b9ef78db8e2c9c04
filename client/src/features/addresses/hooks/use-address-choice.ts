import type { Address } from '@app/common';
import { useState } from 'react';

/**
 * The delivery address of an order: the one the customer picked while it still exists, else the default
 * (spec §2 Buy-now: "the default preselected"), else the first. Derived on each render, so a deleted choice
 * falls back to the new default and an address just added can be picked before the list is read back.
 */
export function useAddressChoice(addresses: Address[] | undefined) {
  const [chosenId, setChosenId] = useState<string>();
  const selected =
    addresses?.find((address) => address._id === chosenId) ?? addresses?.find((address) => address.default) ?? addresses?.[0];
  return { selected, select: setChosenId };
}
