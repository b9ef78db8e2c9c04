import { formatPoints, kolkataDate, type Bill } from '@app/common';
import { NumberInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { serverMessage } from '../../../lib/api-client';
import { AMOUNT_INPUT_PROPS, setServerFieldErrors } from '../../../lib/forms';
import { useUpdateBill } from '../api/change-bill';
import { billFormSchema, validateBillForm } from './bill-form';

type EditBillModalProps = { opened: boolean; bill: Bill | null; onClose: () => void };

/** Spec §2 Admin bills, Edit: number, date and amount; the bill keeps the rate it was entered at. */
export function EditBillModal({ opened, bill, onClose }: EditBillModalProps) {
  const form = useForm<{ billNumber: string; billDate: string; billAmount: number | string }>({
    initialValues: { billNumber: '', billDate: '', billAmount: '' },
    validate: validateBillForm,
  });
  const [failure, setFailure] = useState<string | null>(null);
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
          title: `Bill ${updated.billNumber} saved`,
          message: updated.negativeBalance
            ? `${updated.userId.username} now has ${formatPoints(updated.customerPoints.availablePoints)} points: below zero, so they cannot redeem until it is covered.`
            : `${formatPoints(updated.points)} points`,
          autoClose: updated.negativeBalance ? false : undefined,
        });
        close();
      },
      onError: (error) => {
        if (!setServerFieldErrors(form, error)) setFailure(serverMessage(error) ?? 'Could not save the bill. Please try again.');
      },
    },
  });

  function close() {
    form.clearErrors();
    setFailure(null);
    updateMutation.reset();
    onClose();
  }

  const save = form.onSubmit((values) => {
    if (bill) updateMutation.mutate({ billId: bill._id, patch: billFormSchema.parse(values) });
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setFailure(null);
    save(event);
  };
  const busy = updateMutation.isPending;

  return (
    <FormDialog opened={opened} onClose={close} title="Edit Bill" busy={busy}>
      {bill && (
        <DialogForm
          label={`Edit bill ${bill.billNumber}`}
          onSubmit={submit}
          busy={busy}
          failure={failure}
          onCancel={close}
          submitLabel="Save"
        >
          <Text size="sm">
            {bill.userId.username}: priced at ₹{bill.rate} a point ({bill.tier}) when it was entered.
          </Text>
          <TextInput label="Bill number" required maxLength={64} {...form.getInputProps('billNumber')} />
          <TextInput label="Bill date" type="date" required max={kolkataDate(new Date())} {...form.getInputProps('billDate')} />
          <NumberInput label="Bill amount (₹)" required {...AMOUNT_INPUT_PROPS} {...form.getInputProps('billAmount')} />
        </DialogForm>
      )}
    </FormDialog>
  );
}
