import type { BillChange, CreateBillInput } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { billsKeys } from '../keys';

export type CreateBillVariables = { bill: CreateBillInput; idempotencyKey: string };

// POST /api/bill + Idempotency-Key (admin, superadmin) - 201 the bill with the customer's balances after it;
// one key per attempt, so a double click or a resend after a lost answer enters one bill
export async function createBill({ bill, idempotencyKey }: CreateBillVariables): Promise<BillChange> {
  const response = await apiClient.post<BillChange>('/bill', bill, { headers: { 'Idempotency-Key': idempotencyKey } });
  return response.data;
}

export function useCreateBill({ mutationConfig }: { mutationConfig?: MutationConfig<BillChange, CreateBillVariables> } = {}) {
  return useApiMutation({
    mutationFn: createBill,
    onSuccess: (_bill, _variables, queryClient) => void queryClient.invalidateQueries({ queryKey: billsKeys.all }),
    mutationConfig,
  });
}
