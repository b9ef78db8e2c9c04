import { BillsList } from '../../../features/bills/components/bills-list';
import { HeadedScreen } from '../../../components/layout/headed-screen';
import { useT } from '../../../lib/i18n/use-t';

// "/admin-bills" and "/superadmin-bills" - spec §2 Admin bills; superadmins do everything an admin does (§1),
// so one screen serves both paths. Bills are added from the User List (Add Bill on a customer's row).
export default function StaffBillsRoute() {
  const t = useT();
  return (
    <HeadedScreen heading={t('billsScreen.title')}>
      <BillsList />
    </HeadedScreen>
  );
}
