// Spec §5 Login: username and password required. These checks are plain functions, not a zod schema, so the
// login screen (the first download of every visit) ships without zod (issue 8, the login route's budget).
// loginSchema (schemas/auth.ts) is built from the same pieces and is what the server applies.

export const LOGIN_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  signInCodeInvalid: 'Enter the 6-digit code that was sent to you',
} as const;

/** Contract "Sign-in codes": what a code looks like, and how long one lives. */
export const SIGN_IN_CODE_PATTERN = /^\d{6}$/;
export const SIGN_IN_CODE_LIFETIME_MINUTES = 10;

/** NFKC as usernames are stored (schemas/fields.ts), so a name typed in full-width characters still signs in. */
export function normalizeLoginUsername(username: string): string {
  return username.normalize('NFKC').trim();
}

/** The form's message for each field, or null when it may be sent. */
export const loginFieldChecks = {
  username: (value: string) => (normalizeLoginUsername(value) === '' ? LOGIN_MESSAGES.usernameRequired : null),
  password: (value: string) => (value === '' ? LOGIN_MESSAGES.passwordRequired : null),
  /** Optional: empty until a code was asked for. */
  signInCode: (value: string) => (value === '' || SIGN_IN_CODE_PATTERN.test(value) ? null : LOGIN_MESSAGES.signInCodeInvalid),
};
