import { useState } from 'react';
import { isApiError, serverMessage } from '../../../lib/api-client';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { useUpdateCart } from '../api/update-cart';

/**
 * The cart's line changes (quantity, delete), one at a time, and why the last change of each line failed.
 * `onStale` runs when an answer says the cart moved on the server (stock, or a line gone).
 */
export function useCartChanges(onStale: () => void) {
  // Why the last change of a line failed, by item: shown on that card until its next change.
  const [lineErrors, setLineErrors] = useState<Partial<Record<string, string>>>({});
  const update = useUpdateCart();
  const remove = useRemoveFromCart();

  const lineSettled = (itemId: string, fallback: string) => ({
    onSuccess: () => setLineErrors((errors) => ({ ...errors, [itemId]: undefined })),
    onError: (error: unknown) => {
      setLineErrors((errors) => ({ ...errors, [itemId]: serverMessage(error) ?? fallback }));
      // 409 (stock) or 404 (the line went): show the cart as the server has it now.
      if (isApiError(error) && (error.status === 409 || error.status === 404)) onStale();
    },
  });

  return {
    lineErrors,
    // One change at a time: each answer is the whole cart, so two in flight could land out of order.
    changing: update.isPending || remove.isPending,
    /** `failed` is the line's message when the server gives none. */
    setQuantity: (itemId: string, quantity: number, failed: string) =>
      update.mutate({ itemId, quantity }, lineSettled(itemId, failed)),
    deleteLine: (itemId: string, failed: string) => remove.mutate(itemId, lineSettled(itemId, failed)),
  };
}
