// Catalogues of the portal's words, in locales/<language>/<area>.json (ICU messages, compiled by Lingui):
// core (the login route and the frame of every screen), customer and staff (their screens), notifications
// (what the server writes to inboxes, mails and webhooks) and, for Hindi, messages (server and validation
// messages, keyed by their English text; see localize-message.ts).
export * from './localize-message';

export const CATALOG_AREAS = ['core', 'customer', 'staff', 'notifications'] as const;
export type CatalogArea = (typeof CATALOG_AREAS)[number];
