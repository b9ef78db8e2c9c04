import { itemFormSchema, MAX_ITEM_IMAGE_BYTES, type Item } from '@app/common';
import { schemaResolver, type FormErrors } from '@mantine/form';

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
export const ITEM_IMAGE_RULE = `JPEG, PNG, WebP or GIF, at most ${MAX_IMAGE_MB} MB`;

/** Why a chosen file cannot be sent (spec §5: an image file; contract: at most 5 MB), or undefined. */
export function imageProblem(file: File | null): string | undefined {
  if (!file) return undefined;
  if (!ITEM_IMAGE_TYPES.includes(file.type)) return 'Choose a JPEG, PNG, WebP or GIF picture';
  if (file.size > MAX_ITEM_IMAGE_BYTES) return `The picture must be at most ${MAX_IMAGE_MB} MB`;
  return undefined;
}

// Made once, not per render: useForm re-creates its validators whenever this function changes.
const validateFields = schemaResolver(itemFormSchema, { sync: true });

/** The form holds the server's own schema (house style 4.5.1), plus the picture, which only the form sees. */
export function validateItemForm(values: ItemFormValues): FormErrors {
  const errors: FormErrors = { ...validateFields(values) };
  // The shared schema reads an empty number as "not a number"; an empty required input is missing.
  if (values.pointsRequired === '') errors.pointsRequired = 'Points required is required';
  if (values.stock === '') errors.stock = 'Stock is required';
  const image = imageProblem(values.image);
  if (image) errors.image = image;
  return errors;
}
