import { toHundredths, type CheckoutInput } from '@app/common';
import { Button, Stack, Text } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { cartKeys } from '../features/cart/keys';
import { usePlaceOrder } from '../features/checkout/api/place-order';
import { itemsKeys } from '../features/items/keys';
import { ledgerKeys } from '../features/ledger/keys';
import { ordersKeys } from '../features/orders/keys';
import { useProfile } from '../features/profile/api/get-profile';
import { profileKeys } from '../features/profile/keys';
import { isApiError, serverMessage } from '../lib/api-client';
import { useT, type Translate } from '../lib/i18n/use-t';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { readSession } from '../lib/session';

/** What /thank-you receives in navigation state (spec §2 Thank-you: the remaining points). */
export type ThankYouState = { availablePoints: number; orderIdAlias?: string };

/** How long 'Order Placed' shows in green before the thank-you page opens (spec §4: both happen). */
export const ORDER_PLACED_PAUSE_MS = 1_000;

/** What the last attempt came to; the words are chosen when shown, so they follow a change of language. */
type Outcome = { kind: 'placed' } | { kind: 'failed'; reason: string | undefined } | { kind: 'signed-out' };

/**
 * Spec §8: 'Order Failed', followed by the server's error text, or alone when no answer came (network). A 400
 * about several fields says only "Some fields are invalid" (decision 038), so the person reads each field's own
 * message instead, which says what to do (issue 16).
 */
function failureReason(error: unknown): string | undefined {
  const fieldMessages = isApiError(error) ? [...new Set(Object.values(error.fieldErrors))].filter(Boolean) : [];
  return fieldMessages.length > 0 ? fieldMessages.join('. ') : serverMessage(error);
}

function outcomeText(outcome: Outcome, t: Translate): string {
  switch (outcome.kind) {
    case 'placed':
      return t('placeOrder.placed');
    case 'signed-out':
      return t('placeOrder.signInNeeded');
    case 'failed':
      return outcome.reason ? t('placeOrder.failedBecause', { reason: outcome.reason }) : t('placeOrder.failed');
  }
}

/**
 * After an order the server has taken the points, lowered the stock and emptied those cart lines (contract
 * "Checkout") and made an order. The balance in the header refreshes now; the cart is only marked stale, because refetching it
 * under the cart screen would show an empty cart (and unmount this) during the 'Order Placed' pause.
 */
function refreshAfterOrder(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  void queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
  void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
  void queryClient.invalidateQueries({ queryKey: itemsKeys.all });
  void queryClient.invalidateQueries({ queryKey: cartKeys.all, refetchType: 'none' });
}

type PlaceOrderProps = {
  /** The lines to order (the cart's, or buy-now's one item); the server prices them itself. */
  lines: CheckoutInput['items'];
  /** The delivery address; undefined while none is selected. */
  addressId: string | undefined;
  /** Spec §9: Σ (pointsRequired − discount) × quantity, as the screen shows it. */
  totalPoints: number;
};

/**
 * Spec §4 Checkout and §8, shared by the cart and buy-now: Place Order, disabled when the points are
 * insufficient ('Insufficient Points' in red), with nothing to order, without an address, while placing and
 * once placed. A 201 shows 'Order Placed' in green and opens /thank-you with the remaining points; anything
 * else shows 'Order Failed' in red with the server's reason.
 *
 * One Idempotency-Key per order the customer means to place: the same lines to the same address reuse it,
 * so a double click or a retry after a lost answer places one order (contract "Checkout"); a changed order
 * gets a new key, since the server refuses a key reused with another body.
 */
export function PlaceOrder({ lines, addressId, totalPoints }: PlaceOrderProps) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const [outcome, setOutcome] = useState<Outcome>();
  const [placed, setPlaced] = useState<ThankYouState>();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const sending = useRef(false);

  const mutation = usePlaceOrder({
    mutationConfig: {
      onSuccess: (answer) => {
        setPlaced({ availablePoints: answer.availablePoints, orderIdAlias: answer.order.orderIdAlias });
        setOutcome({ kind: 'placed' });
        refreshAfterOrder(queryClient);
      },
      onError: (error) => {
        setOutcome({ kind: 'failed', reason: failureReason(error) });
        // 409: the balance or the stock moved since the screen was read; show them as they are now.
        if (isApiError(error) && error.status === 409) {
          void queryClient.invalidateQueries({ queryKey: profileKeys.all });
          void queryClient.invalidateQueries({ queryKey: cartKeys.all });
        }
      },
      onSettled: () => {
        sending.current = false;
      },
    },
  });

  useEffect(() => {
    if (!placed) return;
    const timer = setTimeout(() => void navigate(paths.thankYou.getHref(), { state: placed }), ORDER_PLACED_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [placed, navigate]);

  const available = profile.data?.availablePoints;
  // Spec §9: blocked when the balance is below the total (a negative balance blocks any order, contract).
  const insufficient = available !== undefined && toHundredths(totalPoints) > toHundredths(available);
  const disabled =
    lines.length === 0 ||
    addressId === undefined ||
    insufficient ||
    profile.isPending ||
    mutation.isPending ||
    placed !== undefined;

  const place = () => {
    // A second click can arrive before the button re-renders as disabled.
    if (sending.current || disabled || addressId === undefined) return;
    if (!readSession()) {
      setOutcome({ kind: 'signed-out' });
      return;
    }
    const order: CheckoutInput = { addressId, items: lines };
    const body = JSON.stringify(order);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    sending.current = true;
    setOutcome(undefined);
    mutation.mutate({ order, idempotencyKey: attempt.current.key });
  };

  let hint: string | undefined;
  if (!placed && !insufficient) {
    if (lines.length === 0) hint = t('placeOrder.nothingToOrder');
    else if (addressId === undefined) hint = t('placeOrder.needAddress');
  }

  return (
    <Stack gap={6}>
      <Button size="md" onClick={place} disabled={disabled} loading={mutation.isPending}>
        {t('placeOrder.button')}
      </Button>
      {/* One live region, always in the page, so each message is announced when it appears. */}
      <div aria-live="polite" aria-atomic="true">
        {insufficient && !placed && (
          <Text c="red.8" fw={600}>
            {t('placeOrder.insufficient')}
          </Text>
        )}
        {outcome && (
          <Text c={outcome.kind === 'placed' ? 'green.8' : 'red.8'} fw={600}>
            {outcomeText(outcome, t)}
          </Text>
        )}
      </div>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
