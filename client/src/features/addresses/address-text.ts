import type { Address } from '@app/common';

/** One line for a list or a bar: "12 MG Road, Near City Park, Jaipur, Rajasthan 302001, India". */
export function addressLine(address: Omit<Address, '_id' | 'default'>): string {
  return [address.addressLine1, address.addressLine2, address.city, `${address.state} ${address.pinCode}`, address.country]
    .filter(Boolean)
    .join(', ');
}
