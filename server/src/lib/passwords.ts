import bcrypt from 'bcrypt';

// Native bcrypt hashes on libuv's thread pool, so the event loop keeps answering (stack notes: ~55 ms at
// cost 10). Passwords over 72 bytes are refused by the schemas before they are hashed.
export const BCRYPT_COST = 10;

/** bcrypt reads only this many bytes of a password (UTF-8); the rest would be ignored. */
export const MAX_PASSWORD_BYTES = 72;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/**
 * A password longer than 72 bytes is never correct (contract "Known devices"): bcrypt would compare its first
 * 72 bytes only, so the right password plus any suffix would match (stack notes). It still costs one bcrypt
 * comparison, so its answer takes as long as a wrong password's.
 */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    await burnPasswordCheck(password);
    return false;
  }
  return bcrypt.compare(password, hash);
}

// Compared against when the username is unknown, so both failures take the same time.
const timingDummyHash = bcrypt.hashSync('timing-equaliser-password', BCRYPT_COST);

export async function burnPasswordCheck(password: string): Promise<void> {
  await bcrypt.compare(password, timingDummyHash);
}
