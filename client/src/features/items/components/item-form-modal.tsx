import { itemFormSchema, MAX_ITEM_DESCRIPTION_LENGTH, MAX_ITEM_NAME_LENGTH, type Item } from '@app/common';
import { Box, FileInput, NumberInput, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { isApiError } from '../../../lib/api-client';
import { AMOUNT_INPUT_PROPS } from '../../../lib/forms';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { useSmallScreen } from '../../../lib/use-small-screen';
import { useCreateItem } from '../api/create-item';
import { useUpdateItem } from '../api/update-item';
import {
  EMPTY_ITEM_FORM,
  imageProblem,
  ITEM_IMAGE_ACCEPT,
  itemImageRule,
  itemFormValues,
  validateItemForm,
  type ItemFormValues,
} from './item-form';
import { ItemImage } from './item-image';
import classes from './item-image.module.css';

/**
 * A 413 or 415 is about the picture even when no `details` came with it (a proxy's own 413, say): its
 * message belongs under the Image input, where the person chooses another file.
 */
function imageFailure(error: unknown, t: Translate): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 413 || error.code === 'PAYLOAD_TOO_LARGE')
    return error.message ?? t('itemForm.imageTooLarge', { rule: itemImageRule() });
  if (error.status === 415 || error.code === 'UNSUPPORTED_MEDIA_TYPE')
    return error.message ?? t('itemForm.imageWrongType', { rule: itemImageRule() });
  return undefined;
}

type ItemFormProps = {
  /** The item being edited; null (or an item without an _id) adds a new one (spec §4 Item modal). */
  item: Item | null;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
};

function ItemForm({ item, onDone, onBusyChange }: ItemFormProps) {
  const t = useT();
  const editing = item?._id ? item : null;
  const form = useForm<ItemFormValues>({
    initialValues: editing ? itemFormValues(editing) : EMPTY_ITEM_FORM,
    validate: validateItemForm,
  });
  const { failure, showError, submit } = useDialogForm(form, t('itemForm.failure'));

  // The chosen file's preview. Its URL is made when the file is chosen and given back when another is
  // chosen or the dialog closes, so a browser holding the dialog open for long does not keep every file.
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function chooseImage(file: File | null) {
    form.setFieldValue('image', file);
    // Refused at once, before anything is sent: the person sees why next to the input they just used.
    const problem = imageProblem(file);
    if (problem) form.setFieldError('image', problem);
    else form.clearFieldError('image');
    setPreview(file && !problem ? URL.createObjectURL(file) : null);
  }

  const onSuccess = (saved: Item) => {
    notifications.show({ color: 'green', title: editing ? t('itemForm.updated') : t('itemForm.added'), message: saved.name });
    onBusyChange(false);
    onDone();
  };
  const onError = (error: unknown) => {
    onBusyChange(false);
    // Contract: 400 names the bad fields in details; 413 and 415 name the image.
    showError(error, () => {
      const image = imageFailure(error, t);
      if (!image) return false;
      form.setFieldError('image', image);
      form.getInputNode('image')?.focus();
      return true;
    });
  };
  const createMutation = useCreateItem({ mutationConfig: { onSuccess, onError } });
  const updateMutation = useUpdateItem({ mutationConfig: { onSuccess, onError } });
  const busy = createMutation.isPending || updateMutation.isPending;

  const save = submit(
    form.onSubmit(
      (values) => {
        // Runs only after validate passed with the same schema, so it cannot throw; an empty discount is 0.
        const upload = { item: itemFormSchema.parse(values), image: values.image };
        onBusyChange(true);
        if (editing) updateMutation.mutate({ itemId: editing._id, ...upload });
        else createMutation.mutate(upload);
      },
      (errors) => {
        const [first] = Object.keys(errors);
        if (first !== undefined) form.getInputNode(first)?.focus();
      },
    ),
  );

  const currentPicture = editing ? (editing.images[0] ?? editing.image) : null;

  return (
    <DialogForm
      label={editing ? t('itemForm.editLabel', { name: editing.name }) : t('itemForm.addLabel')}
      onSubmit={save}
      busy={busy}
      failure={failure}
      onCancel={onDone}
      submitLabel={editing ? t('itemForm.save') : t('itemForm.add')}
      gap="sm"
    >
      <TextInput
        label={t('itemForm.name')}
        required
        maxLength={MAX_ITEM_NAME_LENGTH}
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Textarea
        label={t('itemForm.description')}
        description={t('itemForm.descriptionHelp')}
        required
        rows={6}
        resize="vertical"
        maxLength={MAX_ITEM_DESCRIPTION_LENGTH}
        {...form.getInputProps('description')}
      />
      <NumberInput
        label={t('itemForm.pointsRequired')}
        required
        {...AMOUNT_INPUT_PROPS}
        {...form.getInputProps('pointsRequired')}
      />
      <NumberInput
        label={t('itemForm.discount')}
        description={t('itemForm.discountHelp')}
        {...AMOUNT_INPUT_PROPS}
        {...form.getInputProps('discount')}
      />
      <NumberInput
        label={t('itemForm.stock')}
        required
        min={0}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        thousandsGroupStyle="lakh"
        {...form.getInputProps('stock')}
      />
      <FileInput
        label={t('itemForm.image')}
        description={t(editing ? 'itemForm.imageHelpEdit' : 'itemForm.imageHelpAdd', { rule: itemImageRule() })}
        placeholder={t('itemForm.imagePlaceholder')}
        accept={ITEM_IMAGE_ACCEPT}
        leftSection={<IconPhoto size={16} aria-hidden />}
        clearable
        clearButtonProps={{ 'aria-label': t('itemForm.imageClear') }}
        fileInputProps={{ 'aria-label': t('itemForm.imageFile') }}
        {...form.getInputProps('image')}
        onChange={chooseImage}
      />
      {preview ? (
        <Box maw={240}>
          <div className={classes.frame}>
            <img className={classes.image} src={preview} alt={t('itemForm.preview')} />
          </div>
        </Box>
      ) : (
        editing && (
          <Box maw={240}>
            <Text size="sm" mb={4}>
              {t('itemForm.currentPicture')}
            </Text>
            <ItemImage path={currentPicture} alt={editing.name} sizes="240px" eager />
          </Box>
        )
      )}
    </DialogForm>
  );
}

type ItemFormModalProps = {
  opened: boolean;
  /** Spec §4 Item modal: Edit mode when the item has an _id, Add mode otherwise. */
  item: Item | null;
  onClose: () => void;
};

/** Spec §2 Admin items, Add New Item and Edit; spec §5 Item form. The form starts afresh at each opening. */
export function ItemFormModal({ opened, item, onClose }: ItemFormModalProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const editing = Boolean(item?._id);
  const smallScreen = useSmallScreen();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={editing ? t('itemForm.editTitle') : t('itemForm.addTitle')}
      size="lg"
      fullScreen={smallScreen}
      busy={busy}
    >
      <ItemForm key={item?._id ?? 'new'} item={item} onDone={onClose} onBusyChange={setBusy} />
    </FormDialog>
  );
}
