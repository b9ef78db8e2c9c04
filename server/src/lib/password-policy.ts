import type { FieldProblem } from '@app/common';
import { readFileSync } from 'node:fs';
import { AppError } from './app-error';

// Issue 7: a chosen password must not be one of the most common ones. The list (the 10,000 most common of
// 8 characters or more in zxcvbn 4.4.2, MIT, attribution in the file's header) stays on the server: the
// client's login and reset-password routes have bundle budgets, and the server decides anyway. The schemas
// in @app/common check the rest (8–72 bytes, not blank).
const COMMON_PASSWORDS_FILE = new URL('./common-passwords.txt', import.meta.url);

export const COMMON_PASSWORD_MESSAGE = 'This password is too common; choose one that is harder to guess';

/** Read once, when the server starts (a missing file stops the start rather than a later request). */
function loadCommonPasswords(): ReadonlySet<string> {
  const entries = readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  return new Set(entries);
}

const commonPasswords = loadCommonPasswords();

/** How many passwords the list holds (README and tests state it). */
export const COMMON_PASSWORD_COUNT = commonPasswords.size;

/**
 * Whether `password` is on the list. The list is lower-case, and "Password1" or "password1 " is as easy to
 * guess as "password1", so the comparison ignores case and surrounding spaces.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.trim().toLowerCase());
}

/** The field problem for a common password, or nothing; `field` names the input that holds it. */
export function commonPasswordProblem(password: string, field: string): FieldProblem | undefined {
  return isCommonPassword(password) ? { field, message: COMMON_PASSWORD_MESSAGE } : undefined;
}

/** 400 VALIDATION_FAILED on `field` when the password is on the list (add-customer, sausers, superadmin reset). */
export function refuseCommonPassword(password: string, field: string): void {
  const problem = commonPasswordProblem(password, field);
  if (problem) throw new AppError('VALIDATION_FAILED', problem.message, { details: [problem] });
}
