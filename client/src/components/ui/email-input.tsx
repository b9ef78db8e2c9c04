import { MAX_EMAIL_LENGTH } from '@app/common';
import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * An email address field (contract: an optional email on users, at most 254 characters): the phone's email
 * keyboard and the browser's own address suggestions unless the caller asks otherwise (a staff form about
 * someone else's address says autoComplete="off").
 */
export function EmailInput(props: Omit<TextInputProps, 'type' | 'inputMode' | 'maxLength'>) {
  return <TextInput type="email" inputMode="email" maxLength={MAX_EMAIL_LENGTH} autoComplete="email" {...props} />;
}
