import { itemFormSchema, MAX_ITEM_IMAGE_BYTES, type Item } from '@app/common';
import { type FormErrors } from '@mantine/form';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { i18n, localizeMessage } from '../../../lib/i18n/language';
import type { TranslateValues } from '../../../lib/i18n/use-t';
import { localizedSchemaResolver } from '../../../lib/forms';

/**
 * The form's own messages, in the language active when the check runs (validation runs outside React, so
 * not through useT; a message shown stays until the next check, which a language switch does not trigger).
 */
function say(id: MessageId, values?: TranslateValues): string {
  return i18n._(id, values as Record<string, unknown> | undefined);
}

/** Spec §5 Item form, as the Add New Item and Edit Item dialog holds it: an empty number input is ''. */
export type ItemFormValues = {
  name: string;
  description: string;
  pointsRequired: number | string;
  discount: number | string;
  stock: number | string;
  /** The picture chosen in this dialog; null keeps the current one (Edit) or sends none (Add). */
  image: File | null;
};

export const EMPTY_ITEM_FORM: ItemFormValues = {
  name: '',
  description: '',
  pointsRequired: '',
  discount: '',
  stock: '',
  image: null,
};

/** Edit Item starts from the item as it is; its description is the stored (sanitised) HTML. */
export function itemFormValues(item: Item): ItemFormValues {
  return {
    name: item.name,
    description: item.description,
    pointsRequired: item.pointsRequired,
    discount: item.discount,
    stock: item.stock,
    image: null,
  };
}

/** Contract "Items": JPEG, PNG, WebP or GIF. The server checks the content; this checks what the browser says. */
export const ITEM_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
const ITEM_IMAGE_TYPES = ITEM_IMAGE_ACCEPT.split(',');
const MAX_IMAGE_MB = MAX_ITEM_IMAGE_BYTES / (1024 * 1024);
/** 'JPEG, PNG, WebP or GIF, at most 5 MB', in the current language. */
export function itemImageRule(): string {
  return say('itemForm.imageRule', { megabytes: MAX_IMAGE_MB });
}

/** Why a chosen file cannot be sent (spec §5: an image file; contract: at most 5 MB), or undefined. */
export function imageProblem(file: File | null): string | undefined {
  if (!file) return undefined;
  if (!ITEM_IMAGE_TYPES.includes(file.type)) return say('itemForm.imageChooseType');
  if (file.size > MAX_ITEM_IMAGE_BYTES) return say('itemForm.imageMaxSize', { megabytes: MAX_IMAGE_MB });
  return undefined;
}

// Made once, not per render: useForm re-creates its validators whenever this function changes.
const validateFields = localizedSchemaResolver(itemFormSchema);

/** The form holds the server's own schema (house style 4.5.1), plus the picture, which only the form sees. */
export function validateItemForm(values: ItemFormValues): FormErrors {
  const errors: FormErrors = {};
  // The shared schema's messages are English; Hindi has them in the server's message list.
  for (const [field, message] of Object.entries(validateFields(values)))
    errors[field] = typeof message === 'string' ? localizeMessage(message) : message;
  // The shared schema reads an empty number as "not a number"; an empty required input is missing.
  if (values.pointsRequired === '') errors.pointsRequired = say('itemForm.pointsRequiredMissing');
  if (values.stock === '') errors.stock = say('itemForm.stockMissing');
  const image = imageProblem(values.image);
  if (image) errors.image = image;
  return errors;
}
