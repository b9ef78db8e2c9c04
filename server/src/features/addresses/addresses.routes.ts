import { addressAnswer, addressesAnswer, addressFormSchema, deleteAddressAnswer, idParamsSchema } from '@app/common';
import type { AppDeps } from '../../deps';
import { CUSTOMER, defineRoute, type RouteDefinition } from '../../lib/route';
import { createAddress, deleteAddress, listAddresses } from './addresses.service';

export function addressesRoutes(_deps: AppDeps): RouteDefinition[] {
  return [
    // GET /api/user/addresses (customer, own) - live addresses, the default first, then newest first
    defineRoute({
      method: 'get',
      path: '/user/addresses',
      access: CUSTOMER,
      answers: { 200: addressesAnswer },
      handler: ({ db, user }) => listAddresses(db, user.id),
    }),
    // POST /api/user/addresses (customer) - { addressLine1, addressLine2?, city, pinCode, default? } → 201 the address
    defineRoute({
      method: 'post',
      path: '/user/addresses',
      access: CUSTOMER,
      answers: { 201: addressAnswer },
      request: { body: addressFormSchema },
      handler: ({ db, user, input, now }) => createAddress(db, user.id, input.body, now),
    }),
    // DELETE /api/user/addresses/{id} (customer, own) - soft delete; the default's going promotes the newest left
    defineRoute({
      method: 'delete',
      path: '/user/addresses/:id',
      access: CUSTOMER,
      answers: { 200: deleteAddressAnswer },
      request: { params: idParamsSchema },
      handler: ({ db, user, input, now }) => deleteAddress(db, user.id, input.params.id, now),
    }),
  ];
}
