import bcrypt from 'bcrypt';

// Native bcrypt hashes on libuv's thread pool, so the event loop keeps answering (stack notes: ~55 ms at
// cost 10). Passwords over 72 bytes are refused by the schemas before they reach here.
export const BCRYPT_COST = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

// Compared against when the username is unknown, so both failures take the same time.
const timingDummyHash = bcrypt.hashSync('timing-equaliser-password', BCRYPT_COST);

export async function burnPasswordCheck(password: string): Promise<void> {
  await bcrypt.compare(password, timingDummyHash);
}
