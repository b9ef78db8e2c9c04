import type { CreateCustomerInput, CustomerImport } from '@app/common';
import { apiClient, isApiError } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { usersKeys } from '../keys';

export type CreateCustomerImportVariables = {
  users: CreateCustomerInput[];
  /** Made once per import attempt: resending it returns the same import, never a second one. */
  idempotencyKey: string;
};

// POST /api/admin/customer-imports { users } + Idempotency-Key (admin, superadmin) - 202 the import job,
// which then hashes and saves on the server; 400 VALIDATION_FAILED with per-row details (nothing added)
export async function createCustomerImport({ users, idempotencyKey }: CreateCustomerImportVariables): Promise<CustomerImport> {
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
  /** retry is the hook's own: only a lost connection is resent (see retryWhenNoAnswer). */
  mutationConfig?: Omit<MutationConfig<CustomerImport, CreateCustomerImportVariables>, 'retry'>;
};

export function useCreateCustomerImport({ mutationConfig }: UseCreateCustomerImportOptions = {}) {
  return useApiMutation({
    mutationFn: createCustomerImport,
    // The 202 answer is the job's first state; polling continues from it.
    onSuccess: (job, _variables, queryClient) => queryClient.setQueryData(usersKeys.import(job._id), job),
    mutationConfig: { ...mutationConfig, retry: retryWhenNoAnswer },
  });
}
