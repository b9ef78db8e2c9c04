import { z } from 'zod';
import { LANGUAGES } from '../constants/notifications';

// Contract "Beyond the spec: language and notifications": a user's language (any signed-in user, their own)
// and an optional email, set by staff on create and edit and by the user on their own profile.

/** Longest address a mail server must accept (RFC 5321: 254 characters in a forward path). */
export const MAX_EMAIL_LENGTH = 254;
/** RFC 5321 4.5.3.1.1: the part before the @ is at most 64 characters. */
const MAX_LOCAL_PART_LENGTH = 64;

// Contract "language and notifications" (issue 30): exactly one address `local@domain` and nothing else, so
// a mail goes only where the screen shows. The part before the @ is RFC 5322's dot-atom in ASCII, without %
// and ! (old relays route on them: `a%evil.com@relay.com`); no quotes, display names, lists, groups, comments,
// IP literals, spaces or control characters. The domain is host names' labels (letters, digits, inner
// hyphens), two or more, the last with a letter (so not an IP address).
const LOCAL_PART = /^[A-Za-z0-9#$&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9#$&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * Whether `value` is one plain address, exactly as it will be stored and mailed. The schema below checks
 * what people type with it; the mail sender checks every address again before sending (decision 036).
 */
export function isEmailAddress(value: string): boolean {
  if (value.length > MAX_EMAIL_LENGTH) return false;
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  return (
    at > 0 &&
    local.length <= MAX_LOCAL_PART_LENGTH &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    /[A-Za-z]/.test(labels[labels.length - 1]!)
  );
}

/**
 * Spaces around it removed, the domain in lower case (a domain has no case; the part before the @ may, so it
 * is kept). Only spaces: a tab, a line break or any other control character is refused, not trimmed away.
 */
export function normalizeEmail(value: string): string {
  const trimmed = value.replace(/^ +| +$/g, '');
  const at = trimmed.lastIndexOf('@');
  // ASCII letters only: toLowerCase() would also turn the Kelvin sign into a "k" and let it through.
  return at < 0 ? trimmed : `${trimmed.slice(0, at)}${trimmed.slice(at).replace(/[A-Z]/g, (letter) => letter.toLowerCase())}`;
}

/**
 * The one email field of every path that sets an address (staff create and edit, the bulk import, the user's
 * own): normalised, then one plain address (isEmailAddress) of at most 254 characters. null or "" (or only
 * spaces) removes it, so the answer is the address or null.
 */
export const emailSchema = z
  .union([z.string(), z.null()], { error: 'Email must be text or null' })
  .transform((value) => (value === null ? '' : normalizeEmail(value)))
  .superRefine((value, context) => {
    if (value === '') return;
    if (value.length > MAX_EMAIL_LENGTH) {
      context.addIssue({ code: 'custom', message: `Email must be at most ${MAX_EMAIL_LENGTH} characters` });
    } else if (!isEmailAddress(value)) {
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

/** PATCH /api/admin/users/{id}: staff set or remove a user's email. */
export const updateUserEmailSchema = z.object({
  email: emailSchema,
});
export type UpdateUserEmailInput = z.input<typeof updateUserEmailSchema>;
