import { formatNumber, formatPoints, kolkataDate, type Bill } from '@app/common';
import { NumberInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { AMOUNT_INPUT_PROPS } from '../../../lib/forms';
import { useT } from '../../../lib/i18n/use-t';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { useUpdateBill } from '../api/change-bill';
import { billFormSchema, validateBillForm } from './bill-form';

type EditBillModalProps = { opened: boolean; bill: Bill | null; onClose: () => void };

/** Spec §2 Admin bills, Edit: number, date and amount; the bill keeps the rate it was entered at. */
export function EditBillModal({ opened, bill, onClose }: EditBillModalProps) {
  const t = useT();
  const form = useForm<{ billNumber: string; billDate: string; billAmount: number | string }>({
    initialValues: { billNumber: '', billDate: '', billAmount: '' },
    validate: validateBillForm,
  });
  const { failure, showError, clearFailure, submit } = useDialogForm(form, t('editBill.failed'));
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (bill && opened) {
      setValues({ billNumber: bill.billNumber, billDate: bill.billDate, billAmount: bill.billAmount });
      resetDirty();
    }
    // Filled once per opening, from the bill chosen.
  }, [bill, opened, setValues, resetDirty]);

  const updateMutation = useUpdateBill({
    mutationConfig: {
      onSuccess: (updated) => {
        notifications.show({
          color: updated.negativeBalance ? 'yellow' : 'green',
          title: t('editBill.savedTitle', { billNumber: updated.billNumber }),
          message: updated.negativeBalance
            ? t('editBill.negative', {
                username: updated.userId.username,
                points: formatPoints(updated.customerPoints.availablePoints),
              })
            : t('editBill.points', { points: formatPoints(updated.points) }),
          autoClose: updated.negativeBalance ? false : undefined,
        });
        close();
      },
      onError: (error) => showError(error),
    },
  });

  function close() {
    form.clearErrors();
    clearFailure();
    updateMutation.reset();
    onClose();
  }

  const save = submit(
    form.onSubmit((values) => {
      if (bill) updateMutation.mutate({ billId: bill._id, patch: billFormSchema.parse(values) });
    }),
  );
  const busy = updateMutation.isPending;

  return (
    <FormDialog opened={opened} onClose={close} title={t('editBill.title')} busy={busy}>
      {bill && (
        <DialogForm
          label={t('billsList.editBill', { billNumber: bill.billNumber })}
          onSubmit={save}
          busy={busy}
          failure={failure}
          onCancel={close}
          submitLabel={t('editBill.save')}
        >
          <Text size="sm">
            {t('editBill.pricedAt', {
              username: bill.userId.username,
              rate: formatNumber(bill.rate),
              tier: t(`tier.${bill.tier}`),
            })}
          </Text>
          <TextInput label={t('billForm.billNumber')} required maxLength={64} {...form.getInputProps('billNumber')} />
          <TextInput
            label={t('billForm.billDate')}
            type="date"
            required
            max={kolkataDate(new Date())}
            {...form.getInputProps('billDate')}
          />
          <NumberInput label={t('billForm.billAmount')} required {...AMOUNT_INPUT_PROPS} {...form.getInputProps('billAmount')} />
        </DialogForm>
      )}
    </FormDialog>
  );
}
