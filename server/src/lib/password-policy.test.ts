import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword, refuseCommonPassword } from './password-policy';

describe('the common-password list (issue 7)', () => {
  it('when loaded, then it holds the 10,000 most common passwords, and the file names its source and licence', () => {
    expect(COMMON_PASSWORD_COUNT).toBe(10_000);
    const header = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .slice(0, 10)
      .join('\n');
    expect(header).toContain('zxcvbn 4.4.2');
    expect(header).toContain('Copyright (c) 2012-2016 Dan Wheeler and Dropbox, Inc.');
  });

  it.each([
    ['the most common one', '12345678', true],
    ['in capitals', 'PASSWORD123', true],
    ['in mixed case with spaces around it', '  Sunshine ', true],
    ['a long, rare one', 'correct-horse-42', false],
    ['a common one with a character added inside', 'pass word123', false],
  ])('when the password is %s, then common is %s', (_label, password, common) => {
    expect(isCommonPassword(password)).toBe(common);
  });

  it('when a common password is refused, then 400 VALIDATION_FAILED names the given field', () => {
    expect(() => refuseCommonPassword('baseball', 'password')).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'VALIDATION_FAILED',
        details: [{ field: 'password', message: 'This password is too common; choose one that is harder to guess' }],
      }),
    );
    expect(() => refuseCommonPassword('not-on-any-list-81', 'password')).not.toThrow();
  });
});
