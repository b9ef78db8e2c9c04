// Catalogues of the portal's words, in locales/<language>/<area>.json (ICU messages, compiled by Lingui):
// core (the login route), frame (the layout, menus and shared parts of every screen), customer, staff and
// operations (their screens), notifications
// (what the server writes to inboxes, mails and webhooks) and, for Hindi, messages (server and validation
// messages, keyed by their English text; see localize-message.ts).
export * from './localize-message';

export const CATALOG_AREAS = ['core', 'frame', 'customer', 'staff', 'operations', 'notifications'] as const;
export type CatalogArea = (typeof CATALOG_AREAS)[number];
