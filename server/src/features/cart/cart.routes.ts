import { addToCartSchema } from '@app/common';
import type { AppDeps } from '../../deps';
import { CUSTOMER, defineRoute, type RouteDefinition } from '../../lib/route';
import { addToCart, readCart } from './cart.service';

export function cartRoutes(_deps: AppDeps): RouteDefinition[] {
  return [
    // GET /api/user/cart (customer, own) - { items: [{ _id, itemId: { _id, name, pointsRequired, discount, images }, quantity }] }
    defineRoute({
      method: 'get',
      path: '/user/cart',
      access: CUSTOMER,
      handler: ({ db, user }) => readCart(db, user.id),
    }),
    // POST /api/user/cart/add (customer) - { itemId, quantity }: adds to the item's line; answers the cart
    defineRoute({
      method: 'post',
      path: '/user/cart/add',
      access: CUSTOMER,
      request: { body: addToCartSchema },
      handler: ({ db, user, input, now }) => addToCart(db, user.id, input.body, now),
    }),
  ];
}
