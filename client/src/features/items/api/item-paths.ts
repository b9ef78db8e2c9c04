// The items' addresses below /api, for their requests (get-items.ts, get-item.ts) and the page's early answers
// (first-picture.ts, first-item-slot.tsx). A module of its own: first-picture.ts is part of the entry, which must
// not bring TanStack Query along with the request modules (the login route's budget).

/** GET /api/item: the catalogue. */
export const ITEMS_PATH = '/item';

/** GET /api/item/itm/{id}: one item. */
export const itemPath = (id: string) => `/item/itm/${encodeURIComponent(id)}`;
