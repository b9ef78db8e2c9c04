import type { CreateCustomerInput, CustomerImport } from '@app/common';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { usersKeys } from '../keys';

export type CreateCustomerImportVariables = {
  users: CreateCustomerInput[];
  /** Made once per import attempt: resending it returns the same import, never a second one. */
  idempotencyKey: string;
};

// POST /api/admin/customer-imports { users } + Idempotency-Key (admin, superadmin) - 202 the import job,
// which then hashes and saves on the server; 400 VALIDATION_FAILED with per-row details (nothing added)
export async function createCustomerImport({
  users,
  idempotencyKey,
}: CreateCustomerImportVariables): Promise<CustomerImport> {
  const response = await apiClient.post<CustomerImport>(
    '/admin/customer-imports',
    { users },
    {
      headers: { 'Idempotency-Key': idempotencyKey },
      // Up to MAX_IMPORT_ROWS rows (about a megabyte) may go up over a slow mobile connection.
      timeout: 120_000,
    },
  );
  return response.data;
}

/** Only a lost connection is worth resending; the same key makes it safe (the server answers with the same import). */
function retryWhenNoAnswer(failureCount: number, error: unknown): boolean {
  return isApiError(error) && error.status === 0 && failureCount < 2;
}

type UseCreateCustomerImportOptions = {
  mutationConfig?: Omit<
    UseMutationOptions<CustomerImport, unknown, CreateCustomerImportVariables>,
    'mutationFn' | 'retry'
  >;
};

export function useCreateCustomerImport({ mutationConfig }: UseCreateCustomerImportOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: createCustomerImport,
    retry: retryWhenNoAnswer,
    onSuccess: (...args) => {
      // The 202 answer is the job's first state; polling continues from it.
      queryClient.setQueryData(usersKeys.import(args[0]._id), args[0]);
      return onSuccess?.(...args);
    },
  });
}
