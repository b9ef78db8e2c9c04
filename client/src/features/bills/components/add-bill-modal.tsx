import {
  amountForPoints,
  campaignBonusHundredths,
  campaignFor,
  formatNumber,
  formatPoints,
  kolkataDate,
  pointsForAmount,
  fromHundredths,
  toHundredths,
  type BillChange,
  type CampaignTerms,
  type CustomerReference,
} from '@app/common';
import { Alert, NumberInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { AMOUNT_INPUT_PROPS } from '../../../lib/forms';
import { billPointsText } from '../bill-points';
import { useT } from '../../../lib/i18n/use-t';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { useCreateBill } from '../api/create-bill';
import { billFormSchema, validateBillForm } from './bill-form';

/** The customer a bill is entered for (a row of the user lists). */

type BillFormValues = { billNumber: string; billDate: string; billAmount: number | string; points: number | string };

type AddBillModalProps = {
  opened: boolean;
  /** Kept after closing so the dialog does not empty while it fades out. */
  customer: CustomerReference | null;
  /** The customer's tier rate (INR of billing per point); undefined while the rates load. */
  rate: number | undefined;
  /** The campaigns (contract "bonus campaigns"), for the bonus preview; undefined while they load. */
  campaigns: readonly (CampaignTerms & { name: string })[] | undefined;
  onClose: () => void;
  /** After the bill is saved: the lists and balances refresh. */
  onSaved: (bill: BillChange) => void;
};

/**
 * Spec §2 Add Bill (admin User List, superadmin dashboard): points and amount recompute each other at the
 * customer's tier rate, 2 decimals (spec §5); a NoTier customer (rate 0) is told the bill earns nothing. The
 * server prices the bill itself; the points here are a preview.
 */
export function AddBillModal({ opened, customer, rate, campaigns, onClose, onSaved }: AddBillModalProps) {
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

  const busy = createMutation.isPending;

  return (
    <FormDialog opened={opened} onClose={close} title={t('addBill.title')} busy={busy}>
      {customer && (
        <DialogForm
          label={t('addBill.formLabel', { username: customer.username })}
          onSubmit={save}
          busy={busy}
          failure={failure}
          onCancel={close}
          submitLabel={t('addBill.save')}
          submitDisabled={rate === undefined}
        >
          {/* One sentence per case, the customer's name in it as plain text (Hindi orders it differently). */}
          <Text size="sm">
            {earns
              ? t('addBill.forEarning', {
                  username: customer.username,
                  partyName: customer.partyName,
                  tier: t(`tier.${customer.tier}`),
                  rate: formatNumber(rate),
                })
              : t('addBill.for', {
                  username: customer.username,
                  partyName: customer.partyName,
                  tier: t(`tier.${customer.tier}`),
                })}
          </Text>
          {rate !== undefined && !earns && (
            <Alert color="yellow" variant="light">
              {t('addBill.noPoints', { tier: t(`tier.${customer.tier}`) })}
            </Alert>
          )}
          <TextInput
            label={t('billForm.billNumber')}
            required
            data-autofocus
            maxLength={64}
            {...form.getInputProps('billNumber')}
          />
          <TextInput
            label={t('billForm.billDate')}
            type="date"
            required
            max={kolkataDate(new Date())}
            {...form.getInputProps('billDate')}
          />
          <NumberInput
            label={t('billForm.billAmount')}
            required
            {...AMOUNT_INPUT_PROPS}
            {...form.getInputProps('billAmount')}
            onChange={changeAmount}
          />
          <NumberInput
            label={t('addBill.points')}
            description={earns ? t('addBill.pointsHint') : undefined}
            disabled={!earns}
            {...AMOUNT_INPUT_PROPS}
            {...form.getInputProps('points')}
            onChange={changePoints}
          />
          {campaign && bonus !== undefined && typeof points === 'number' && (
            <Text size="sm" c="green.9" aria-live="polite">
              {t('addBill.bonus', {
                campaign: campaign.name,
                multiplier: formatNumber(campaign.multiplier),
                bonus: formatPoints(bonus),
                total: formatPoints(points + bonus),
              })}
            </Text>
          )}
        </DialogForm>
      )}
    </FormDialog>
  );
}
