import type { ChangeOrderStatusInput, Order } from '@app/common';
import { useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { ordersKeys } from '../keys';

export type ChangeOrderStatusVariables = { orderId: string } & ChangeOrderStatusInput;

// PATCH /api/admin/{orderId}/status (admin, superadmin) - {status} → the order; a cancellation gives the points
// and stock back once; a cancelled order answers 409 ORDER_CANCELLED
export async function changeOrderStatus({ orderId, status }: ChangeOrderStatusVariables): Promise<Order> {
  const response = await apiClient.patch<Order>(`/admin/${encodeURIComponent(orderId)}/status`, { status });
  return response.data;
}

export function useChangeOrderStatus({
  mutationConfig,
}: { mutationConfig?: MutationConfig<Order, ChangeOrderStatusVariables> } = {}) {
  const queryClient = useQueryClient();
  const { onError: callerOnError, ...callerConfig } = mutationConfig ?? {};
  return useApiMutation({
    mutationFn: changeOrderStatus,
    onSuccess: (_order, _variables, client) => void client.invalidateQueries({ queryKey: ordersKeys.all }),
    mutationConfig: {
      ...callerConfig,
      onError: (...args) => {
        // Someone else cancelled the order meanwhile: the lists on screen are out of date, so they refresh too.
        if (isApiError(args[0]) && args[0].code === 'ORDER_CANCELLED')
          void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
        return callerOnError?.(...args);
      },
    },
  });
}
