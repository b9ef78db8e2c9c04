import { z } from 'zod';
import { LANGUAGES, type Language } from '../constants/notifications';

// Contract "Beyond the spec: language and notifications": a user's language (any signed-in user, their own)
// and an optional email, set by staff on create and edit and by the user on their own profile.

/** Longest address a mail server must accept (RFC 5321: 254 characters in a forward path). */
export const MAX_EMAIL_LENGTH = 254;

/** One @, something before it, a domain of dot-separated labels: what people mistype, not the whole RFC. */
const EMAIL_SHAPE = /^[^\s@]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** Trimmed, the domain in lower case (a domain has no case; the part before the @ may, so it is kept). */
export function normalizeEmail(value: string): string {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : `${trimmed.slice(0, at)}${trimmed.slice(at).toLowerCase()}`;
}

/**
 * An email as staff and users type it: trimmed, domain lower-cased, at most 254 characters. null or "" (or
 * only spaces) removes it, so the answer is the address or null.
 */
export const emailSchema = z
  .union([z.string(), z.null()], { error: 'Email must be text or null' })
  .transform((value) => (value === null ? '' : normalizeEmail(value)))
  .superRefine((value, context) => {
    if (value === '') return;
    if (value.length > MAX_EMAIL_LENGTH) {
      context.addIssue({ code: 'custom', message: `Email must be at most ${MAX_EMAIL_LENGTH} characters` });
    } else if (!EMAIL_SHAPE.test(value)) {
      context.addIssue({ code: 'custom', message: 'Enter a valid email address, like name@example.com' });
    }
  })
  .transform((value) => (value === '' ? null : value));

export const languageSchema = z.enum(LANGUAGES, { error: 'Choose English or Hindi' });

/** PUT /api/user/preferences: either or both; an empty body changes nothing. */
export const updatePreferencesSchema = z.object({
  language: languageSchema.optional(),
  email: emailSchema.optional(),
});
export type UpdatePreferencesInput = z.input<typeof updatePreferencesSchema>;

/** GET and PUT /api/user/preferences. */
export type Preferences = { language: Language; email: string | null };

/** PATCH /api/admin/users/{id}: staff set or remove a user's email. */
export const updateUserEmailSchema = z.object({
  email: emailSchema,
});
export type UpdateUserEmailInput = z.input<typeof updateUserEmailSchema>;
