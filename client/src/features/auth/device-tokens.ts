import { normalizeLoginUsername } from '@app/common';

// Contract "Known devices": each sign-in answers a device token; sent with the next sign-in of that username,
// the attempt is counted on this device alone, so strangers guessing elsewhere cannot lock its owner out.
// One token per username on this device, under the name as the server compares it (trimmed, NFKC,
// lower-cased), in a key of its own: signing out clears the session's keys (lib/session.ts), not this.
const STORAGE_KEY = 'deviceTokens';

const keyOf = (username: string) => normalizeLoginUsername(username).toLowerCase();

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
  const key = keyOf(username);
  const token = Object.hasOwn(tokens, key) ? tokens[key] : undefined;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

export function saveDeviceToken(username: string, deviceToken: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readAll(), [keyOf(username)]: deviceToken }));
  } catch {
    // Storage disabled or full: the next sign-in goes without a token and keeps the ordinary limits.
  }
}
