import type { ErrorCode } from '@app/common';
import { schemaResolver, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { isApiError } from './api-client';
import { localizeMessage } from './i18n/language';

/** Each message of a form's errors in the current language (hi/messages.json maps the shared schemas' English). */
export function localizeFormErrors(errors: FormErrors): FormErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, typeof message === 'string' ? localizeMessage(message) : message]),
  );
}

/**
 * Mantine's synchronous resolver for a shared zod schema, its messages in the reader's language: a form
 * validated with it shows a Hindi reader "यूज़रनेम डालें" where an English one reads "Username is required".
 * The language is read at each validation, so switching it applies to the next check at once.
 */
export function localizedSchemaResolver(schema: Parameters<typeof schemaResolver>[0]) {
  const resolve = schemaResolver(schema, { sync: true });
  return <Values>(values: Values): FormErrors => localizeFormErrors(resolve(values));
}

/**
 * Contract "API conventions": a 409 about one field names it through its code, not in `details`. The
 * server's message then belongs under that input, where the person fixes it.
 */
const FIELD_OF_CODE: Partial<Record<ErrorCode, string>> = {
  DUPLICATE_USERNAME: 'username',
};

/** The parts of a Mantine form this needs; any form (any schema, any field names) has them. */
export type ServerErrorTarget<Values> = Pick<UseFormReturnType<Values>, 'getValues' | 'setErrors' | 'getInputNode'>;

/**
 * Puts a failed call's field problems under the form's own inputs: 400 `details` per field (read once into
 * ApiError.fieldErrors) and a 409 whose code names a field (DUPLICATE_USERNAME → username). Problems about
 * fields this form does not have are left out, so they cannot vanish into an input nobody sees. The first
 * input that got a message takes the focus, since that is what the person has to change.
 *
 * Returns true when at least one message landed on an input; false when none did, and the caller shows
 * the server's message (or its own fallback) in an Alert instead.
 *
 * Inputs are found by the `data-path` that `form.getInputProps` sets; a page holding two forms with the
 * same field names should give each useForm a `name`.
 */
export function setServerFieldErrors<Values extends Record<string, unknown>>(
  form: ServerErrorTarget<Values>,
  error: unknown,
): boolean {
  if (!isApiError(error)) return false;

  const messages: Partial<Record<string, string>> = { ...error.fieldErrors };
  const codeField = error.code === undefined ? undefined : FIELD_OF_CODE[error.code];
  if (codeField !== undefined && error.message) messages[codeField] = error.message;

  const placed: Record<string, string> = {};
  for (const field of Object.keys(form.getValues())) {
    const message = messages[field];
    // The server answers in the user's stored language; this also covers an answer written just before a switch.
    if (message) placed[field] = localizeMessage(message);
  }
  const [firstField] = Object.keys(placed);
  if (firstField === undefined) return false;

  form.setErrors(placed);
  form.getInputNode(firstField)?.focus();
  return true;
}

/**
 * The NumberInput settings for INR amounts and points (contract: at most 2 decimals, never negative here),
 * with Indian digit grouping as people read them (spec §9: 12,34,567.50).
 */
export const AMOUNT_INPUT_PROPS = {
  min: 0,
  decimalScale: 2,
  thousandSeparator: ',',
  thousandsGroupStyle: 'lakh',
} as const;
