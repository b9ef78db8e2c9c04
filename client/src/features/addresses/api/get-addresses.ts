import type { Address } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { addressesKeys } from '../keys';

// GET /api/user/addresses (customer, own) - the saved addresses, the default first
export async function getAddresses(): Promise<Address[]> {
  const response = await apiClient.get<Address[]>('/user/addresses');
  return response.data;
}

export function addressesQueryOptions() {
  return queryOptions({ queryKey: addressesKeys.list(), queryFn: getAddresses });
}

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
