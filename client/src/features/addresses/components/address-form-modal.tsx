import { ADDRESS_COUNTRY, ADDRESS_STATE, addressFormSchema, type Address } from '@app/common';
import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { localizedSchemaResolver } from '../../../lib/forms';
import { useT } from '../../../lib/i18n/use-t';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { useSmallScreen } from '../../../lib/use-small-screen';
import { useCreateAddress } from '../api/create-address';

/** Spec §5 Address form as the dialog holds it: the Default select's value is the text "false" or "true". */
type AddressFormValues = {
  addressLine1: string;
  addressLine2: string;
  city: string;
  pinCode: string;
  default: 'false' | 'true';
};

const EMPTY_ADDRESS: AddressFormValues = { addressLine1: '', addressLine2: '', city: '', pinCode: '', default: 'false' };

// Made once, not per render: useForm re-creates its validators whenever this function changes. The schema
// reads "true"/"false" as the boolean (contract: `default` may arrive as either).
const validateAddress = localizedSchemaResolver(addressFormSchema);

type AddressFormProps = { onSaved: (address: Address) => void; onCancel: () => void; onBusyChange: (busy: boolean) => void };

function AddressForm({ onSaved, onCancel, onBusyChange }: AddressFormProps) {
  const t = useT();
  const form = useForm<AddressFormValues>({ initialValues: EMPTY_ADDRESS, validate: validateAddress });
  const { failure, showError, submit } = useDialogForm(form, t('addressForm.failed'));
  const createMutation = useCreateAddress({
    mutationConfig: {
      onSuccess: (address) => {
        onBusyChange(false);
        onSaved(address);
      },
      onError: (error) => {
        onBusyChange(false);
        // Contract: 400 names the bad fields in details; anything else (the address limit, a lost connection) above the buttons.
        showError(error);
      },
    },
  });

  const save = submit(
    form.onSubmit(
      (values) => {
        onBusyChange(true);
        // Runs only after validate passed with the same schema, so it cannot throw.
        createMutation.mutate(addressFormSchema.parse(values));
      },
      (errors) => {
        const [first] = Object.keys(errors);
        if (first !== undefined) form.getInputNode(first)?.focus();
      },
    ),
  );

  const busy = createMutation.isPending;
  return (
    <DialogForm
      label={t('addresses.addNew')}
      onSubmit={save}
      busy={busy}
      failure={failure}
      onCancel={onCancel}
      submitLabel={t('addressForm.save')}
      gap="sm"
    >
      <TextInput
        label={t('addressForm.line1')}
        required
        maxLength={200}
        autoComplete="address-line1"
        data-autofocus
        {...form.getInputProps('addressLine1')}
      />
      <TextInput
        label={t('addressForm.line2')}
        maxLength={200}
        autoComplete="address-line2"
        {...form.getInputProps('addressLine2')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('addressForm.city')}
          required
          maxLength={100}
          autoComplete="address-level2"
          {...form.getInputProps('city')}
        />
        <TextInput
          label={t('addressForm.pinCode')}
          required
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
          {...form.getInputProps('pinCode')}
        />
        {/* Spec §5: fixed and read-only; the server sets them (contract "Addresses"). */}
        <TextInput label={t('addressForm.state')} value={ADDRESS_STATE} readOnly variant="filled" />
        <TextInput label={t('addressForm.country')} value={ADDRESS_COUNTRY} readOnly variant="filled" />
      </SimpleGrid>
      <NativeSelect
        label={t('addressForm.default')}
        data={[
          { value: 'false', label: t('addressForm.no') },
          { value: 'true', label: t('addressForm.yes') },
        ]}
        {...form.getInputProps('default')}
      />
    </DialogForm>
  );
}

type AddressFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** After the server saved it (201): the caller usually selects it. */
  onSaved: (address: Address) => void;
};

/** Spec §2 'Add New Address' and §5 Address form. The form starts empty at each opening. */
export function AddressFormModal({ opened, onClose, onSaved }: AddressFormModalProps) {
  const [busy, setBusy] = useState(false);
  const smallScreen = useSmallScreen();
  const t = useT();
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('addresses.addNew')} fullScreen={smallScreen} busy={busy}>
      <AddressForm onSaved={onSaved} onCancel={onClose} onBusyChange={setBusy} />
    </FormDialog>
  );
}
