import { itemFormSchema, type Item } from '@app/common';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { useCreateItem } from '../api/create-item';
import { useUpdateItem } from '../api/update-item';
import { EMPTY_ITEM_FORM, imageProblem, itemImageRule, itemFormValues, validateItemForm, type ItemFormValues } from './item-form';

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

/**
 * The chosen file's preview. Its URL is made when the file is chosen and given back when another is
 * chosen or the dialog closes, so a browser holding the dialog open for long does not keep every file.
 */
function useImagePreview() {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return [preview, setPreview] as const;
}

/** The item form's state: its values, the image preview, and the add or save request with its failures. */
export function useItemForm(editing: Item | null, onDone: () => void, onBusyChange: (busy: boolean) => void) {
  const t = useT();
  const form = useForm<ItemFormValues>({
    initialValues: editing ? itemFormValues(editing) : EMPTY_ITEM_FORM,
    validate: validateItemForm,
  });
  const { failure, showError, submit } = useDialogForm(form, t('itemForm.failure'));
  const [preview, setPreview] = useImagePreview();

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

  return { form, failure, busy, save, preview, chooseImage };
}
