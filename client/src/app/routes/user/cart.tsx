import { formatNumber } from '@app/common';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { deferredDialog } from '../../../components/ui/deferred';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { paths } from '../../../config/paths';
import { addressesQueryOptions, useAddresses } from '../../../features/addresses/api/get-addresses';
import { DeliveryAddressBar } from '../../../features/addresses/components/delivery-address-bar';
import { useAddressChoice } from '../../../features/addresses/hooks/use-address-choice';
import { cartQueryOptions, useCart } from '../../../features/cart/api/get-cart';
import { useRemoveFromCart } from '../../../features/cart/api/remove-from-cart';
import { useUpdateCart } from '../../../features/cart/api/update-cart';
import { cartTotalPoints } from '../../../features/cart/cart-total';
import { CartLineCard } from '../../../features/cart/components/cart-line-card';
import { ItemImage } from '../../../features/items/components/item-image';
import { profileQueryOptions } from '../../../features/profile/api/get-profile';
import { isApiError, serverMessage } from '../../../lib/api-client';
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
  const [picking, setPicking] = useState(false);
  // Why the last change of a line failed, by item: shown on that card until its next change.
  const [lineErrors, setLineErrors] = useState<Partial<Record<string, string>>>({});
  const update = useUpdateCart();
  const remove = useRemoveFromCart();
  // One change at a time: each answer is the whole cart, so two in flight could land out of order.
  const changing = update.isPending || remove.isPending;

  const lineSettled = (itemId: string, fallback: string) => ({
    onSuccess: () => setLineErrors((errors) => ({ ...errors, [itemId]: undefined })),
    onError: (error: unknown) => {
      setLineErrors((errors) => ({ ...errors, [itemId]: serverMessage(error) ?? fallback }));
      // 409 (stock) or 404 (the line went): show the cart as the server has it now.
      if (isApiError(error) && (error.status === 409 || error.status === 404)) void cart.refetch();
    },
  });

  if (cart.isPending) return <PageLoader />;
  if (cart.isError)
    return (
      <Stack gap="md">
        <Title order={1}>{t('cart.title')}</Title>
        <LoadError
          title={t('cart.loadError')}
          error={cart.error}
          onRetry={() => void cart.refetch()}
          retrying={cart.isFetching}
        />
      </Stack>
    );

  const lines = cart.data.items;
  if (lines.length === 0)
    return (
      <Stack gap="md">
        <Title order={1}>{t('cart.title')}</Title>
        <Stack align="center" gap="sm" py="xl">
          <IconShoppingCart size={48} stroke={1.5} aria-hidden />
          <Text size="lg">{t('cart.empty')}</Text>
          <Button component={Link} to={paths.shop.getHref()} variant="light">
            {t('cart.goToShop')}
          </Button>
        </Stack>
      </Stack>
    );

  const total = cartTotalPoints(lines);
  return (
    <Stack gap="md">
      <Title order={1}>{t('cart.title')}</Title>
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
            <DeliveryAddressBar address={choice.selected} loading={addresses.isPending} onChange={() => setPicking(true)} />
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
            busy={changing}
            error={lineErrors[line.itemId._id]}
            onQuantityChange={(quantity) =>
              update.mutate({ itemId: line.itemId._id, quantity }, lineSettled(line.itemId._id, t('cart.quantityFailed')))
            }
            onDelete={() => remove.mutate(line.itemId._id, lineSettled(line.itemId._id, t('cart.deleteFailed')))}
          />
        ))}
      </Stack>
      {addresses.data && (
        <AddressPickerModal
          opened={picking}
          onClose={() => setPicking(false)}
          addresses={addresses.data}
          selectedId={choice.selected?._id}
          onSelect={choice.select}
        />
      )}
    </Stack>
  );
}
