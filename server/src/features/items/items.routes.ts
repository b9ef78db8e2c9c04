import {
  catalogueAnswer,
  deleteItemAnswer,
  itemAnswer,
  itemFormSchema,
  itemIdParamsSchema,
  MAX_ITEM_IMAGE_BYTES,
} from '@app/common';
import type { AppDeps } from '../../deps';
import { cachedJsonAnswer } from '../../lib/json-answer';
import { defineRoute, EVERYONE_SIGNED_IN, STAFF, type RouteDefinition } from '../../lib/route';
import { createItem, deleteItem, getItem, listItems, updateItem } from './items.service';

/**
 * How long a server process answers the catalogue from memory. The process that changes an item drops its
 * copy at once (after the change commits); another process on the same database shows the change within
 * this time. Checkout and orders always read the database, so a catalogue a second old never prices or
 * sells anything (decision 010).
 */
export const CATALOGUE_CACHE_MS = 1_000;

/** Spec §7: the picture arrives in the multipart field `image` (contract: at most 5 MB, else 413). */
const IMAGE_UPLOAD = { field: 'image', maxBytes: MAX_ITEM_IMAGE_BYTES };

export function itemsRoutes(deps: AppDeps): RouteDefinition[] {
  const catalogue = cachedJsonAnswer({ ttlMs: CATALOGUE_CACHE_MS, now: () => deps.clock.now().getTime() });
  return [
    // GET /api/item (public) - the catalogue: every item not deleted (contract "Items")
    defineRoute({
      method: 'get',
      path: '/item',
      access: 'public',
      answers: { 200: catalogueAnswer },
      handler: ({ db }) => catalogue.get(() => listItems(db)),
    }),
    // GET /api/item/itm/{id} - one item for the product page; deleted or unknown → 404, not an id → 400
    defineRoute({
      method: 'get',
      path: '/item/itm/:id',
      access: EVERYONE_SIGNED_IN,
      answers: { 200: itemAnswer },
      request: { params: itemIdParamsSchema },
      handler: ({ db, input }) => getItem(db, input.params.id),
    }),
    // POST /api/item (admin, superadmin) - multipart: name, description, pointsRequired, discount, stock, image
    defineRoute({
      method: 'post',
      path: '/item',
      access: STAFF,
      answers: { 201: itemAnswer },
      upload: IMAGE_UPLOAD,
      request: { body: itemFormSchema },
      handler: ({ db, input, user, now, file, afterCommit }) => {
        afterCommit(() => catalogue.invalidate());
        return createItem({ db, actorId: user.id, now }, input.body, file?.buffer);
      },
    }),
    // PUT /api/item/{id} (admin, superadmin) - the same multipart; without an image the picture stays
    defineRoute({
      method: 'put',
      path: '/item/:id',
      access: STAFF,
      answers: { 200: itemAnswer },
      upload: IMAGE_UPLOAD,
      request: { params: itemIdParamsSchema, body: itemFormSchema },
      handler: ({ db, input, user, now, file, afterCommit }) => {
        afterCommit(() => catalogue.invalidate());
        return updateItem({ db, actorId: user.id, now }, input.params.id, input.body, file?.buffer);
      },
    }),
    // DELETE /api/item/{id} (admin, superadmin) - hidden everywhere new; orders keep its name
    defineRoute({
      method: 'delete',
      path: '/item/:id',
      access: STAFF,
      answers: { 200: deleteItemAnswer },
      request: { params: itemIdParamsSchema },
      handler: ({ db, input, user, now, afterCommit }) => {
        afterCommit(() => catalogue.invalidate());
        return deleteItem({ db, actorId: user.id, now }, input.params.id);
      },
    }),
  ];
}
