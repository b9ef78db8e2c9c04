import { MAX_ITEM_DESCRIPTION_LENGTH, MAX_ITEM_NAME_LENGTH, type Item } from '@app/common';
import { Box, FileInput, NumberInput, Text, Textarea, TextInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { AMOUNT_INPUT_PROPS } from '../../../lib/forms';
import { useT } from '../../../lib/i18n/use-t';
import { useSmallScreen } from '../../../lib/use-small-screen';
import { ITEM_IMAGE_ACCEPT, itemImageRule } from './item-form';
import { ItemImage } from './item-image';
import classes from './item-image.module.css';
import { useItemForm } from './use-item-form';

/** The chosen file's preview, else the picture the item has now (editing only). */
function ItemPicture({ preview, editing }: { preview: string | null; editing: Item | null }) {
  const t = useT();
  if (preview)
    return (
      <Box maw={240}>
        <div className={classes.frame}>
          <img className={classes.image} src={preview} alt={t('itemForm.preview')} />
        </div>
      </Box>
    );
  if (!editing) return null;
  return (
    <Box maw={240}>
      <Text size="sm" mb={4}>
        {t('itemForm.currentPicture')}
      </Text>
      <ItemImage path={editing.images[0] ?? editing.image} alt={editing.name} sizes="240px" eager />
    </Box>
  );
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
  const { form, failure, busy, save, preview, chooseImage } = useItemForm(editing, onDone, onBusyChange);

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
      <ItemPicture preview={preview} editing={editing} />
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
