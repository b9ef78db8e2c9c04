import { formatNumber, type CartLine } from '@app/common';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { HeadedScreen } from '../../../components/layout/headed-screen';
import { deferredDialog } from '../../../components/ui/deferred';
import { LoadError } from '../../../components/ui/load-error';
import { QueryStates } from '../../../components/ui/query-states';
import { paths } from '../../../config/paths';
import { addressesQueryOptions, useAddresses } from '../../../features/addresses/api/get-addresses';
import { DeliveryAddressBar } from '../../../features/addresses/components/delivery-address-bar';
import { useAddressChoice } from '../../../features/addresses/hooks/use-address-choice';
import { cartQueryOptions, useCart } from '../../../features/cart/api/get-cart';
import { cartTotalPoints } from '../../../features/cart/cart-total';
import { CartLineCard } from '../../../features/cart/components/cart-line-card';
import { useCartChanges } from '../../../features/cart/hooks/use-cart-changes';
import { ItemImage } from '../../../features/items/components/item-image';
import { profileQueryOptions } from '../../../features/profile/api/get-profile';
import { useT } from '../../../lib/i18n/use-t';
import { PlaceOrder } from '../../place-order';

// The address modal (a dialog, its form with the shared zod schema, the delete confirmation) is downloaded
// once the page has settled, not with it: it kept the route 45 KB gzip over its 170 KB budget (issue 8).
const AddressPickerModal = deferredDialog(() =>
  import('../../../features/addresses/components/address-picker-modal').then((module) => module.AddressPickerModal),
);

/**
 * The screen's first data: the cart, the addresses and the balance drawn together. Drawn with the cart alone, the
 * address bar grew from its loading line to the address and Place Order's "choose an address" hint went, moving
 * the items down (layout shift 0.05 on a phone).
 * @public read by the router from the lazily imported module (router.tsx ScreenModule), not imported.
 */
export const loadFirstData = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.prefetchQuery(cartQueryOptions()),
    queryClient.prefetchQuery(addressesQueryOptions()),
    queryClient.prefetchQuery(profileQueryOptions()),
  ]);

// "/user/cart" - spec §2 Cart: total points, the delivery address bar with its selection modal (select, add,
// delete), Place Order, and the item cards with − / + and Delete.
export default function CartRoute() {
  const t = useT();
  const cart = useCart();
  const addresses = useAddresses();
  const choice = useAddressChoice(addresses.data);
  const changes = useCartChanges(() => void cart.refetch());
  const [picking, setPicking] = useState(false);

  // The heading stays while the cart loads: the page drew it so (router.tsx's opening, decision 047).
  return (
    <HeadedScreen heading={t('cart.title')}>
      <QueryStates
        query={cart}
        loadErrorTitle={t('cart.loadError')}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyCart />}
      >
        {(data) => (
          <CartContents
            lines={data.items}
            addresses={addresses}
            choice={choice}
            changes={changes}
            picking={picking}
            onPickingChange={setPicking}
          />
        )}
      </QueryStates>
    </HeadedScreen>
  );
}

function EmptyCart() {
  const t = useT();
  return (
    <Stack align="center" gap="sm" py="xl">
      <IconShoppingCart size={48} stroke={1.5} aria-hidden />
      <Text size="lg">{t('cart.empty')}</Text>
      <Button component={Link} to={paths.shop.getHref()} variant="light">
        {t('cart.goToShop')}
      </Button>
    </Stack>
  );
}

type CartContentsProps = {
  lines: CartLine[];
  addresses: ReturnType<typeof useAddresses>;
  choice: ReturnType<typeof useAddressChoice>;
  changes: ReturnType<typeof useCartChanges>;
  /** The address modal is open. */
  picking: boolean;
  onPickingChange: (picking: boolean) => void;
};

/** The summary (total, address, Place Order) and the item cards: what follows the heading once there are lines. */
function CartContents({ lines, addresses, choice, changes, picking, onPickingChange }: CartContentsProps) {
  const t = useT();
  const total = cartTotalPoints(lines);
  return (
    <>
      <Paper withBorder p="md" radius="md" component="section" aria-label={t('cart.summary')}>
        <Stack gap="sm">
          <Text size="lg">
            {t('cart.totalPoints')} <strong>{formatNumber(total)}</strong>
          </Text>
          {addresses.isError ? (
            <LoadError
              title={t('addresses.loadError')}
              error={addresses.error}
              onRetry={() => void addresses.refetch()}
              retrying={addresses.isFetching}
            />
          ) : (
            <DeliveryAddressBar address={choice.selected} loading={addresses.isPending} onChange={() => onPickingChange(true)} />
          )}
          <PlaceOrder
            lines={lines.map((line) => ({ itemId: line.itemId._id, quantity: line.quantity }))}
            addressId={choice.selected?._id}
            totalPoints={total}
          />
        </Stack>
      </Paper>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('cart.items')}>
        {lines.map((line) => (
          <CartLineCard
            key={line._id}
            line={line}
            image={<ItemImage path={line.itemId.images[0] ?? null} alt="" sizes="(min-width: 36em) 140px, 96px" eager />}
            busy={changes.changing}
            error={changes.lineErrors[line.itemId._id]}
            onQuantityChange={(quantity) => changes.setQuantity(line.itemId._id, quantity, t('cart.quantityFailed'))}
            onDelete={() => changes.deleteLine(line.itemId._id, t('cart.deleteFailed'))}
          />
        ))}
      </Stack>
      {addresses.data && (
        <AddressPickerModal
          opened={picking}
          onClose={() => onPickingChange(false)}
          addresses={addresses.data}
          selectedId={choice.selected?._id}
          onSelect={choice.select}
        />
      )}
    </>
  );
}
