import type { OrderStatus } from '@app/common';
import type { MessageId } from '../../lib/i18n/catalogs';

/** The API keeps the English status; screens show it in the reader's language through these ids. */
export const ORDER_STATUS_MESSAGE: Record<OrderStatus, MessageId> = {
  Pending: 'orderStatus.Pending',
  Completed: 'orderStatus.Completed',
  Cancelled: 'orderStatus.Cancelled',
};
