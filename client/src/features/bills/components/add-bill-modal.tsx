import {
  formatNumber,
  formatPoints,
  kolkataDate,
  type BillChange,
  type CampaignTerms,
  type CustomerReference,
} from '@app/common';
import { Alert, NumberInput, Text, TextInput } from '@mantine/core';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { AMOUNT_INPUT_PROPS } from '../../../lib/forms';
import { useT } from '../../../lib/i18n/use-t';
import { useAddBill } from './use-add-bill';

/** The customer a bill is entered for (a row of the user lists). */

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

/** Who the bill is for, at which tier rate; a tier that earns nothing says so. */
function BillCustomer({ customer, rate }: { customer: CustomerReference; rate: number | undefined }) {
  const t = useT();
  const earns = rate !== undefined && rate > 0;
  return (
    <>
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
    </>
  );
}

/**
 * Spec §2 Add Bill (admin User List, superadmin dashboard): points and amount recompute each other at the
 * customer's tier rate, 2 decimals (spec §5); a NoTier customer (rate 0) is told the bill earns nothing. The
 * server prices the bill itself; the points here are a preview.
 */
export function AddBillModal({ opened, customer, rate, campaigns, onClose, onSaved }: AddBillModalProps) {
  const t = useT();
  const { form, failure, busy, close, save, earns, changeAmount, changePoints, points, campaign, bonus } = useAddBill({
    customer,
    rate,
    campaigns,
    onClose,
    onSaved,
  });

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
          <BillCustomer customer={customer} rate={rate} />
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
