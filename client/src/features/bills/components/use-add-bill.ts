import {
  amountForPoints,
  campaignBonusHundredths,
  campaignFor,
  kolkataDate,
  pointsForAmount,
  fromHundredths,
  toHundredths,
  type BillChange,
  type CampaignTerms,
  type CustomerReference,
} from '@app/common';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { billPointsText } from '../bill-points';
import { useT } from '../../../lib/i18n/use-t';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { useCreateBill } from '../api/create-bill';
import { billFormSchema, validateBillForm } from './bill-form';

type BillFormValues = { billNumber: string; billDate: string; billAmount: number | string; points: number | string };

type AddBillOptions = {
  customer: CustomerReference | null;
  rate: number | undefined;
  campaigns: readonly (CampaignTerms & { name: string })[] | undefined;
  onClose: () => void;
  onSaved: (bill: BillChange) => void;
};

/**
 * The Add Bill dialog's state: the form, points and amount recomputing each other at the tier rate, the
 * campaign bonus preview, and the create request with its idempotency key.
 */
export function useAddBill({ customer, rate, campaigns, onClose, onSaved }: AddBillOptions) {
  const t = useT();
  const form = useForm<BillFormValues>({
    initialValues: { billNumber: '', billDate: kolkataDate(new Date()), billAmount: '', points: '' },
    validate: validateBillForm,
  });
  const { failure, showError, clearFailure, submit } = useDialogForm(form, t('addBill.failed'));
  // One key per attempt: the same attempt sent twice (a resend after a lost answer) enters one bill; a failed
  // attempt's key is replaced, since the next one may send a different body.
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const createMutation = useCreateBill({
    mutationConfig: {
      onSuccess: (bill) => {
        notifications.show({
          color: bill.negativeBalance ? 'yellow' : 'green',
          title: t('addBill.addedTitle', { billNumber: bill.billNumber }),
          // With a campaign's bonus, as the preview said it ("600.00 (400.00 + 200.00 bonus)"), not the bill's points alone.
          message: t('addBill.addedMessage', { points: billPointsText(t, bill), username: bill.userId.username }),
        });
        onSaved(bill);
        close();
      },
      onError: (error) => {
        setAttemptKey(newIdempotencyKey());
        showError(error);
      },
    },
  });

  function close() {
    form.setValues({ billNumber: '', billDate: kolkataDate(new Date()), billAmount: '', points: '' });
    form.clearErrors();
    clearFailure();
    createMutation.reset();
    setAttemptKey(newIdempotencyKey());
    onClose();
  }

  const earns = rate !== undefined && rate > 0;
  // Contract "bonus campaigns": the preview adds the bonus of the campaign the server will apply (the same rule).
  const points = form.values.points;
  const campaign = customer && campaigns ? campaignFor(campaigns, form.values.billDate, customer.tier) : undefined;
  const bonus =
    campaign && earns && typeof points === 'number' && points > 0
      ? fromHundredths(campaignBonusHundredths(toHundredths(points), toHundredths(campaign.multiplier)))
      : undefined;

  function changeAmount(value: number | string) {
    form.setFieldValue('billAmount', value);
    form.setFieldValue('points', earns && typeof value === 'number' ? pointsForAmount(value, rate) : '');
  }

  function changePoints(value: number | string) {
    form.setFieldValue('points', value);
    if (earns && typeof value === 'number') form.setFieldValue('billAmount', amountForPoints(value, rate));
  }

  const save = submit(
    form.onSubmit((values) => {
      if (!customer) return;
      const parsed = billFormSchema.parse(values);
      createMutation.mutate({ bill: { userId: customer._id, ...parsed }, idempotencyKey: attemptKey });
    }),
  );

  return {
    form,
    failure,
    busy: createMutation.isPending,
    close,
    save,
    earns,
    changeAmount,
    changePoints,
    points,
    campaign,
    bonus,
  };
}
