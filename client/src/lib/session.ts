import { useMemo, useSyncExternalStore } from 'react';

// Spec §3: the session lives in browser storage as token, username, userType and partyName. We also keep
// isPasswordReset (spec §4 sends such users to /reset-password) and _id. One key per field, as the spec lists them.

export type Session = {
  /** The login's refreshToken, sent as the bearer (contract "API conventions": Login). */
  token: string;
  _id: string;
  username: string;
  /** Kept as stored, not narrowed: an unexpected value must still reach the 'Unknown user type' message. */
  userType: string;
  partyName: string;
  isPasswordReset: boolean;
};

const KEYS = ['token', '_id', 'username', 'userType', 'partyName', 'isPasswordReset'] as const;

/** The storage key of a session field: its name (spec §3). The page's inline scripts read the same keys (app/first-screen-plan.ts). */
export const sessionStorageKey = (field: (typeof KEYS)[number]): string => field;

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings); the portal then behaves as signed out.
    return null;
  }
}

export function readSession(): Session | null {
  const store = storage();
  const token = store?.getItem(sessionStorageKey('token'));
  if (!store || !token) return null;
  return {
    token,
    _id: store.getItem(sessionStorageKey('_id')) ?? '',
    username: store.getItem(sessionStorageKey('username')) ?? '',
    userType: store.getItem(sessionStorageKey('userType')) ?? '',
    partyName: store.getItem(sessionStorageKey('partyName')) ?? '',
    // Only an explicit "false" forces the reset screen; the server still refuses with 403 if it disagrees.
    isPasswordReset: store.getItem(sessionStorageKey('isPasswordReset')) !== 'false',
  };
}

export function saveSession(session: Session): void {
  const store = storage();
  if (!store) return;
  for (const key of KEYS) store.setItem(sessionStorageKey(key), String(session[key]));
  notify();
}

/** Changes some fields of the current session; does nothing when signed out. */
export function updateSession(changes: Partial<Session>): void {
  const current = readSession();
  if (!current) return;
  saveSession({ ...current, ...changes });
}

export function clearSession(): void {
  const store = storage();
  if (!store) return;
  for (const key of KEYS) store.removeItem(sessionStorageKey(key));
  notify();
}

/** Calls back whenever the session changes, in this tab or (through the storage event) in another one. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (KEYS as readonly string[]).includes(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// useSyncExternalStore needs a snapshot that is equal between calls while nothing changed; a string
// compares by value, so the stored fields are serialised rather than cached.
function sessionSnapshot(): string {
  return JSON.stringify(readSession());
}

/** The current session (null when signed out); re-renders when it changes. */
export function useSession(): Session | null {
  const snapshot = useSyncExternalStore(subscribeSession, sessionSnapshot, sessionSnapshot);
  return useMemo(() => JSON.parse(snapshot) as Session | null, [snapshot]);
}
