import type { PublicSettings } from '@app/common';
import { useEffect, useSyncExternalStore } from 'react';
import { apiClient, isApiError } from '../../../lib/api-client';

// GET /api/settings/public (public) - { productName, supportContacts } for the footers, help page and titles.
//
// Kept in a small store of its own rather than TanStack Query's cache: the login screen's footer and title read
// it, and TanStack Query was about 10 KB gzip of the login route's 125 KB budget (issue 18, decision 022). The
// signed-in screens load TanStack Query with their own code; these settings are the same for everyone, so one
// copy per page is right, read again after five minutes like the query's staleTime was.

const STALE_AFTER_MS = 5 * 60_000;
const RETRY_AFTER_MS = 1_500;

export type PublicSettingsState =
  | { isPending: true; isError: false; isFetching: true; data: undefined; error: undefined; refetch: () => void }
  | { isPending: false; isError: true; isFetching: boolean; data: undefined; error: unknown; refetch: () => void }
  | { isPending: false; isError: false; isFetching: boolean; data: PublicSettings; error: undefined; refetch: () => void };

type Snapshot = { data?: PublicSettings; error?: unknown; fetching: boolean; fetchedAt: number };

let snapshot: Snapshot = { fetching: false, fetchedAt: 0 };
const listeners = new Set<() => void>();

function publish(next: Snapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

/** A lost connection or a 5xx is tried once more; an answer of 4xx is final, as for every query. */
const worthRetrying = (error: unknown) => !isApiError(error) || error.status === 0 || error.status >= 500;

async function fetchPublicSettings(retried = false): Promise<void> {
  publish({ ...snapshot, fetching: true });
  try {
    const response = await apiClient.get<PublicSettings>('/settings/public');
    publish({ data: response.data, fetching: false, fetchedAt: Date.now() });
  } catch (error) {
    if (!retried && worthRetrying(error)) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
      return fetchPublicSettings(true);
    }
    // A failure is read again by the next screen that shows the settings (as a failed query refetches on mount).
    publish({ data: snapshot.data, error: snapshot.data ? undefined : error, fetching: false, fetchedAt: snapshot.fetchedAt });
  }
}

function refetch() {
  if (!snapshot.fetching) void fetchPublicSettings();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the copy (tests start each case from nothing; a superadmin's change of the settings). */
export function forgetPublicSettings(): void {
  snapshot = { fetching: false, fetchedAt: 0 };
}

/**
 * The settings in the store before a screen reads them: a signed-in screen drawn over the page's frame asks for
 * them with its first data (signed-in-layout.tsx, decision 032), so its first render has them and no second
 * render follows their answer. Settles (never rejects) once an answer or a failure is in.
 */
export function loadPublicSettings(): Promise<void> {
  const fresh = snapshot.data !== undefined && Date.now() - snapshot.fetchedAt <= STALE_AFTER_MS;
  if (fresh) return Promise.resolve();
  if (!snapshot.fetching) return fetchPublicSettings();
  return new Promise((resolve) => {
    const listener = () => {
      if (snapshot.fetching) return;
      listeners.delete(listener);
      resolve();
    };
    listeners.add(listener);
  });
}

export function usePublicSettings(): PublicSettingsState {
  // The third: the login page prerendered at build time (decision 023) shows the settings as still loading.
  const current = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
  useEffect(() => {
    if (!snapshot.fetching && Date.now() - snapshot.fetchedAt > STALE_AFTER_MS) void fetchPublicSettings();
  }, []);
  if (current.data) {
    return { isPending: false, isError: false, isFetching: current.fetching, data: current.data, error: undefined, refetch };
  }
  if (current.error !== undefined) {
    return { isPending: false, isError: true, isFetching: current.fetching, data: undefined, error: current.error, refetch };
  }
  return { isPending: true, isError: false, isFetching: true, data: undefined, error: undefined, refetch };
}
