import { describe, expect, it } from 'vitest';
import { loginFieldChecks, normalizeLoginUsername } from '../rules/login';
import { changePasswordSchema, loginSchema, resetOwnPasswordFormSchema, resetPasswordFormSchema } from './auth';
import { newPasswordSchema, utf8ByteLength } from './fields';
import { createCustomerSchema, resetUserPasswordSchema } from './users';

describe('loginSchema', () => {
  it('when the username has spaces around it, then they are trimmed; blank fields are refused', () => {
    expect(loginSchema.parse({ username: '  dealer1 ', password: 'x' })).toEqual({ username: 'dealer1', password: 'x' });
    expect(loginSchema.safeParse({ username: ' ', password: 'x' }).success).toBe(false);
    expect(loginSchema.safeParse({ username: 'a', password: '' }).success).toBe(false);
  });

  it.each([
    ['  dealer1 ', 'x'],
    [' ', 'x'],
    ['a', ''],
    ['\u3000', 'secret'],
    ['ｄｅａｌｅｒ１', 'secret'],
    ['', ''],
  ])('when the login form checks %j / %j without zod, then it agrees with loginSchema', (username, password) => {
    const result = loginSchema.safeParse({ username, password });
    const formProblems = [loginFieldChecks.username(username), loginFieldChecks.password(password)].filter(Boolean);
    expect(formProblems).toEqual(result.success ? [] : result.error.issues.map((issue) => issue.message));
    if (result.success) expect(result.data.username).toBe(normalizeLoginUsername(username));
  });
});

describe('new passwords (8–72 bytes, never cut)', () => {
  it.each([
    ['seven chars', 'abcdefg', false],
    ['eight chars', 'abcdefgh', true],
    ['72 ASCII bytes', 'a'.repeat(72), true],
    ['73 ASCII bytes', 'a'.repeat(73), false],
    ['36 two-byte characters (72 bytes)', 'é'.repeat(36), true],
    ['37 two-byte characters (74 bytes)', 'é'.repeat(37), false],
  ])('when the password is %s, then valid is %s', (_label, newPassword, valid) => {
    expect(changePasswordSchema.safeParse({ newPassword }).success).toBe(valid);
  });

  it('when UTF-8 bytes are counted, then emoji count four', () => {
    expect(utf8ByteLength('a€😀')).toBe(1 + 3 + 4);
  });
});

describe('resetPasswordFormSchema', () => {
  it("when the two fields differ, then the spec's message 'Passwords do not match' is on confirmPassword", () => {
    const result = resetPasswordFormSchema.safeParse({ newPassword: 'abcdefgh', confirmPassword: 'abcdefgx' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: 'Passwords do not match' }),
    ]);
  });
});

describe('blank passwords (issue 7: eight spaces are not a password)', () => {
  it.each([
    ['eight spaces', ' '.repeat(8)],
    ['tabs and line breaks', '\t\t\t\n\n\r  '],
    ['no-break and ideographic spaces', '\u00A0\u3000'.repeat(4)],
    ['zero-width spaces', '\u200B'.repeat(8)],
  ])('when the password is %s, then it is refused with "Password cannot be only spaces"', (_label, password) => {
    const result = newPasswordSchema.safeParse(password);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Password cannot be only spaces']);
  });

  it('when spaces sit inside or around real characters, then the password is kept as typed', () => {
    expect(newPasswordSchema.parse('  two words  ')).toBe('  two words  ');
  });

  it('when a password is chosen anywhere (change, staff create, superadmin reset), then the same rule applies', () => {
    const blank = ' '.repeat(9);
    expect(changePasswordSchema.safeParse({ newPassword: blank }).error?.issues[0]?.path).toEqual(['newPassword']);
    expect(resetUserPasswordSchema.safeParse({ newPassword: blank }).error?.issues[0]?.path).toEqual(['newPassword']);
    const customer = { username: 'dealer1', partyName: 'Sharma Traders', phoneNumber: '9829012345', password: blank };
    expect(createCustomerSchema.safeParse(customer).error?.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: 'Password cannot be only spaces' }),
    ]);
  });
});

describe('changePasswordSchema', () => {
  it('when currentPassword is absent, then the body is still valid (the spec client sends newPassword alone)', () => {
    expect(changePasswordSchema.parse({ newPassword: 'abcdefgh' })).toEqual({ newPassword: 'abcdefgh' });
  });

  it('when currentPassword is given, then it is kept as typed (no trimming: it is compared with bcrypt)', () => {
    expect(changePasswordSchema.parse({ newPassword: 'abcdefgh', currentPassword: ' old ' })).toEqual({
      newPassword: 'abcdefgh',
      currentPassword: ' old ',
    });
    expect(changePasswordSchema.safeParse({ newPassword: 'abcdefgh', currentPassword: 42 }).success).toBe(false);
  });
});

describe('resetOwnPasswordFormSchema', () => {
  it('when the current password is empty, then "Current password is required" is on currentPassword', () => {
    const result = resetOwnPasswordFormSchema.safeParse({
      currentPassword: '',
      newPassword: 'abcdefgh',
      confirmPassword: 'abcdefgh',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['currentPassword'], message: 'Current password is required' }),
    ]);
  });

  it('when all three are filled and the new ones match, then it passes', () => {
    const values = { currentPassword: 'old-one', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' };
    expect(resetOwnPasswordFormSchema.parse(values)).toEqual(values);
  });
});
