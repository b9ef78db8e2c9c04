import type { Address, AddressForm } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { addressesKeys } from '../keys';

// POST /api/user/addresses (customer) - { addressLine1, addressLine2?, city, pinCode, default } → 201 the address
// (the server sets state and country; the first address, or one saved as default, becomes the default)
export async function createAddress(input: AddressForm): Promise<Address> {
  const response = await apiClient.post<Address>('/user/addresses', input);
  return response.data;
}

export function useCreateAddress({ mutationConfig }: { mutationConfig?: MutationConfig<Address, AddressForm> } = {}) {
  return useApiMutation({
    mutationFn: createAddress,
    onSuccess: (address, _input, queryClient) => {
      // Shown at once (a new default clears the old one, contract "Addresses"), then read back in the server's order.
      queryClient.setQueryData<Address[]>(addressesKeys.list(), (list) =>
        list ? [...list.map((old) => (address.default ? { ...old, default: false } : old)), address] : list,
      );
      void queryClient.invalidateQueries({ queryKey: addressesKeys.all });
    },
    mutationConfig,
  });
}
