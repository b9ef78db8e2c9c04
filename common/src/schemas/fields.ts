import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money';

// Field atoms reused by several schemas (house style 4.5.1).

/** Contract "Users": unique regardless of case, trimmed. Case is kept for display; comparison is lower-case. */
export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(64, 'Username must be at most 64 characters');

/** Contract: new passwords 8–72 characters; bcrypt reads 72 bytes, so longer ones are refused, never cut. */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .refine((value) => utf8ByteLength(value) <= 72, {
    message: 'Password must be at most 72 bytes',
  });

/** A number with at most 2 decimals (amounts in INR, points). */
export const twoDecimalNumber = z
  .number({ error: 'Must be a number' })
  .finite()
  .refine(hasAtMostTwoDecimals, { message: 'Use at most 2 decimals' });

export const idSchema = z.string().uuid({ message: 'Not a valid id' });

/** Bytes of the UTF-8 encoding (bcrypt's unit), without relying on TextEncoder or Buffer. */
export function utf8ByteLength(value: string): number {
  let bytes = 0;
  for (const character of value) {
    const codePoint = character.codePointAt(0) ?? 0;
    bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Route parameters of the form /…/:id where the id is a record's _id. */
export const idParamsSchema = z.object({ id: idSchema });
