import type { Address, DeleteAddressResponse } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { addressesKeys } from '../keys';

// DELETE /api/user/addresses/{id} (customer, own) - { message, _id, defaultAddressId }; deleting the default promotes another
export async function deleteAddress(addressId: string): Promise<DeleteAddressResponse> {
  const response = await apiClient.delete<DeleteAddressResponse>(`/user/addresses/${encodeURIComponent(addressId)}`);
  return response.data;
}

export function useDeleteAddress({ mutationConfig }: { mutationConfig?: MutationConfig<DeleteAddressResponse, string> } = {}) {
  return useApiMutation({
    mutationFn: deleteAddress,
    onSuccess: (answer, _addressId, queryClient) => {
      queryClient.setQueryData<Address[]>(addressesKeys.list(), (list) =>
        list
          ?.filter((address) => address._id !== answer._id)
          .map((address) => ({ ...address, default: address._id === answer.defaultAddressId })),
      );
      void queryClient.invalidateQueries({ queryKey: addressesKeys.all });
    },
    mutationConfig,
  });
}
