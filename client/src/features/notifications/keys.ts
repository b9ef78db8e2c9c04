// Query keys of the inbox (house style: one keys.ts per feature).
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The first page the header's bell polls and the panel lists. */
  inbox: () => [...notificationKeys.all, 'inbox'] as const,
};
