import { describe, expect, it } from 'vitest';
import { changePasswordSchema, loginSchema, resetPasswordFormSchema } from './auth';
import { utf8ByteLength } from './fields';

describe('loginSchema', () => {
  it('when the username has spaces around it, then they are trimmed; blank fields are refused', () => {
    expect(loginSchema.parse({ username: '  dealer1 ', password: 'x' })).toEqual({ username: 'dealer1', password: 'x' });
    expect(loginSchema.safeParse({ username: ' ', password: 'x' }).success).toBe(false);
    expect(loginSchema.safeParse({ username: 'a', password: '' }).success).toBe(false);
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
