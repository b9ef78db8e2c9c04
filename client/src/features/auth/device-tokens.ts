import { normalizeLoginUsername } from '@app/common';

// Contract "Known devices": each sign-in answers a device token; sent with the next sign-in of that username,
// the attempt is counted on this device alone, so strangers guessing elsewhere cannot lock its owner out.
// One token per username on this device, in a key of its own: signing out clears the session's keys
// (lib/session.ts), not this. The token is kept, not the name (issue 30: after a sign-out the next person at the
// phone could read who had used it): each token is filed under a hash of the name as the server compares it
// (trimmed, NFKC, lower-cased). A plain hash, not a cipher: it keeps the name off the screen of anyone looking
// at the storage; it is computed synchronously, also where the page is not a secure context (no crypto.subtle).
const STORAGE_KEY = 'deviceTokens';

/** cyrb53 (a 53-bit string hash, public domain), as 14 hex digits after a marker. */
function hashed(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `#${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')}`;
}

const nameOf = (username: string) => normalizeLoginUsername(username).toLowerCase();
/** Where a username's token is filed in storage. */
export const deviceTokenKey = (username: string) => hashed(nameOf(username));
const isHashedKey = (key: string) => /^#[0-9a-f]{14}$/.test(key);

/** Never throws: storage may be disabled, and a value we cannot read (corrupted, edited) is no tokens. */
function readAll(): Record<string, unknown> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}');
    return stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function readDeviceToken(username: string): string | undefined {
  const tokens = readAll();
  // A token saved by an earlier version under the plain name is still sent; it is filed anew on success.
  for (const key of [deviceTokenKey(username), nameOf(username)]) {
    const token = Object.hasOwn(tokens, key) ? tokens[key] : undefined;
    if (typeof token === 'string' && token !== '') return token;
  }
  return undefined;
}

export function saveDeviceToken(username: string, deviceToken: string): void {
  try {
    // Names an earlier version stored in plain are filed under their hash with the next save.
    const kept = Object.fromEntries(
      Object.entries(readAll()).map(([key, token]) => [isHashedKey(key) ? key : hashed(key), token]),
    );
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...kept, [deviceTokenKey(username)]: deviceToken }));
  } catch {
    // Storage disabled or full: the next sign-in goes without a token and keeps the ordinary limits.
  }
}
