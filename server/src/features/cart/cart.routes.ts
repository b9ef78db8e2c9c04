import { addToCartSchema, cartAnswer, cartItemParamsSchema, updateCartSchema } from '@app/common';
import type { AppDeps } from '../../deps';
import { CUSTOMER, defineRoute, type RouteDefinition } from '../../lib/route';
import { addToCart, readCart, removeFromCart, updateCart } from './cart.service';

export function cartRoutes(_deps: AppDeps): RouteDefinition[] {
  return [
    // GET /api/user/cart (customer, own) - { items: [{ _id, itemId: { _id, name, pointsRequired, discount, images }, quantity }] }
    defineRoute({
      method: 'get',
      path: '/user/cart',
      access: CUSTOMER,
      answers: { 200: cartAnswer },
      handler: ({ db, user }) => readCart(db, user.id),
    }),
    // POST /api/user/cart/add (customer) - { itemId, quantity }: adds to the item's line; answers the cart
    defineRoute({
      method: 'post',
      path: '/user/cart/add',
      access: CUSTOMER,
      answers: { 200: cartAnswer },
      request: { body: addToCartSchema },
      handler: ({ db, user, input, now }) => addToCart(db, user.id, input.body, now),
    }),
    // POST /api/user/cart/update (customer) - { itemId, quantity }: sets the quantity of the caller's line; answers the cart
    defineRoute({
      method: 'post',
      path: '/user/cart/update',
      access: CUSTOMER,
      answers: { 200: cartAnswer },
      request: { body: updateCartSchema },
      handler: ({ db, user, input, now }) => updateCart(db, user.id, input.body, now),
    }),
    // DELETE /api/user/cart/remove/{itemId} (customer) - removes the caller's own line for the item; answers the cart
    defineRoute({
      method: 'delete',
      path: '/user/cart/remove/:itemId',
      access: CUSTOMER,
      answers: { 200: cartAnswer },
      request: { params: cartItemParamsSchema },
      handler: ({ db, user, input }) => removeFromCart(db, user.id, input.params.itemId),
    }),
  ];
}
