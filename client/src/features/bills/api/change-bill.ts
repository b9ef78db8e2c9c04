import type { BillChange, UpdateBillInput } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { billsKeys } from '../keys';

export type UpdateBillVariables = { billId: string; patch: UpdateBillInput };

// PATCH /api/bill/:id (admin, superadmin) - the bill and the customer's balances after it
export async function updateBill({ billId, patch }: UpdateBillVariables): Promise<BillChange> {
  const response = await apiClient.patch<BillChange>(`/bill/${encodeURIComponent(billId)}`, patch);
  return response.data;
}

// DELETE /api/bill/:id (admin, superadmin) - takes the bill's points back; the answer carries the balances
export async function deleteBill(billId: string): Promise<BillChange> {
  const response = await apiClient.delete<BillChange>(`/bill/${encodeURIComponent(billId)}`);
  return response.data;
}

export function useUpdateBill({ mutationConfig }: { mutationConfig?: MutationConfig<BillChange, UpdateBillVariables> } = {}) {
  return useApiMutation({
    mutationFn: updateBill,
    onSuccess: (_bill, _variables, queryClient) => void queryClient.invalidateQueries({ queryKey: billsKeys.all }),
    mutationConfig,
  });
}

export function useDeleteBill({ mutationConfig }: { mutationConfig?: MutationConfig<BillChange, string> } = {}) {
  return useApiMutation({
    mutationFn: deleteBill,
    onSuccess: (_bill, _billId, queryClient) => void queryClient.invalidateQueries({ queryKey: billsKeys.all }),
    mutationConfig,
  });
}
