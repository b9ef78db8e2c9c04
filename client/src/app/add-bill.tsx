import type { CustomerReference, User } from '@app/common';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deferredDialog } from '../components/ui/deferred';
import { useCampaigns } from '../features/campaigns/api/campaigns';
import { profileKeys } from '../features/profile/keys';
import { pointsConversionQueryOptions, usePointsConversion } from '../features/settings/api/get-points-conversion';
import { usersKeys } from '../features/users/keys';

// The form's code (its fields, checks and dialog) is downloaded once the page has settled or Add Bill is first
// pressed, not with the user lists: it was the largest part of the dashboards' first code (decision 031).
const AddBillModal = deferredDialog(() =>
  import('../features/bills/components/add-bill-modal').then((module) => module.AddBillModal),
);

/**
 * What useAddBill's first render reads (the tier rates), for the dashboards' first data (decision 032): its answer
 * arriving while React built a dashboard made it build it again at once.
 */
export const prefetchAddBill = (queryClient: QueryClient) => queryClient.prefetchQuery(pointsConversionQueryOptions());

/**
 * Spec §2 Add Bill on the customer rows of the admin User List and the superadmin dashboard: the bills
 * feature's form, the customer's tier rate from the settings feature, the campaigns (for the bonus preview) from
 * the campaigns feature, and after saving the user lists (and
 * any cached balance) refetched, composed here because features do not import one another.
 */
export function useAddBill() {
  const queryClient = useQueryClient();
  const rates = usePointsConversion();
  const [opened, setOpened] = useState(false);
  const [customer, setCustomer] = useState<CustomerReference | null>(null);
  // Read once the dialog first opens: the dashboards' first screen does not wait for them.
  const campaigns = useCampaigns({ enabled: customer !== null });

  const openAddBill = (user: User) => {
    setCustomer({ _id: user._id, username: user.username, partyName: user.partyName, tier: user.tier });
    setOpened(true);
  };

  const addBillModal = (
    <AddBillModal
      opened={opened}
      customer={customer}
      rate={customer && rates.data ? rates.data.tierPointsConversion[customer.tier] : undefined}
      campaigns={campaigns.data}
      onClose={() => setOpened(false)}
      onSaved={() => {
        void queryClient.invalidateQueries({ queryKey: usersKeys.all });
        void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      }}
    />
  );
  return { openAddBill, addBillModal };
}
