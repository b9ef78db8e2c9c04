import type { Order } from '@app/common';
import { useQueryClient } from '@tanstack/react-query';
import { itemsKeys } from '../../../features/items/keys';
import { OrdersBoard } from '../../../features/orders/components/orders-board';
import { usersKeys } from '../../../features/users/keys';
import { HeadedScreen } from '../../../components/layout/headed-screen';
import { useT } from '../../../lib/i18n/use-t';

// "/admin-orders" and "/superadmin-orders" - spec §2 Admin orders; superadmins do everything an admin does (§1),
// so one screen serves both paths.
export default function StaffOrdersRoute() {
  const t = useT();
  const queryClient = useQueryClient();
  // A cancellation gives the stock and the customer's points back (contract "Orders"): the items and user lists
  // this browser may hold are out of date, which only this screen, composing the features, can tell them.
  const refreshAfterCancel = (order: Order) => {
    if (order.status !== 'Cancelled') return;
    void queryClient.invalidateQueries({ queryKey: itemsKeys.all });
    void queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
  };
  return (
    <HeadedScreen heading={t('staffOrders.title')}>
      <OrdersBoard onStatusChanged={refreshAfterCancel} />
    </HeadedScreen>
  );
}
