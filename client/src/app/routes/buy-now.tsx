import { formatNumber, linePoints, MAX_CART_QUANTITY, type Item } from '@app/common';
import { Button, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { deferredDialog } from '../../components/ui/deferred';
import { QueryStates } from '../../components/ui/query-states';
import { paths } from '../../config/paths';
import { useAddresses } from '../../features/addresses/api/get-addresses';
import { AddressRadioList } from '../../features/addresses/components/address-radio-list';
import { useAddressChoice } from '../../features/addresses/hooks/use-address-choice';
import { ItemImage } from '../../features/items/components/item-image';
import { ItemPoints } from '../../features/items/components/item-points';
import { useT } from '../../lib/i18n/use-t';
import { PlaceOrder } from '../place-order';
import type { BuyNowState } from '../shop-actions';
import classes from './buy-now.module.css';

// 'Add New Address' (a dialog and its form with the shared zod schema) is downloaded once the page has
// settled, not with the screen: it kept the route over its 170 KB gzip budget (issue 8).
const AddressFormModal = deferredDialog(() =>
  import('../../features/addresses/components/address-form-modal').then((module) => module.AddressFormModal),
);

/** The item of the navigation state, if it is one (history state outlives the page and is not ours to trust). */
function itemOf(state: unknown): Item | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { item } = state as Partial<BuyNowState>;
  return typeof item === 'object' && item !== null && typeof item._id === 'string' && typeof item.pointsRequired === 'number'
    ? item
    : undefined;
}

// "/buy-now" - spec §2 Buy-now: one item from the shop or the product page (navigation state), the address
// list with the default preselected and 'Add New Address', the item, a quantity of 1 to 5, the totals and
// Place Order. Opened without an item, it goes to the shop.
export default function BuyNowRoute() {
  const item = itemOf(useLocation().state);
  if (!item) return <Navigate to={paths.shop.getHref()} replace />;
  return <BuyNow item={item} />;
}

function BuyNow({ item }: { item: Item }) {
  const t = useT();
  const addresses = useAddresses();
  const choice = useAddressChoice(addresses.data);
  const [adding, setAdding] = useState(false);
  const [quantity, setQuantity] = useState(1);
  // Spec §5: 1 to 5; contract "Cart": never above the stock the shop showed (the server checks it again).
  const most = Math.max(1, Math.min(MAX_CART_QUANTITY, item.stock));
  const quantities = Array.from({ length: most }, (_, index) => String(index + 1));
  const total = linePoints(item, quantity);

  const addressList = (
    <QueryStates
      query={addresses}
      loadErrorTitle={t('addresses.loadError')}
      pending={<Text c="dimmed">{t('addresses.loading')}</Text>}
      isEmpty={(data) => data.length === 0}
      empty={<Text>{t('addresses.none')}</Text>}
    >
      {(data) => (
        <AddressRadioList
          label={t('addresses.deliverTo')}
          addresses={data}
          value={choice.selected?._id}
          onChange={choice.select}
        />
      )}
    </QueryStates>
  );

  return (
    <Stack gap="md">
      <Title order={1}>{t('buyNow.title')}</Title>
      <div className={classes.layout}>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="buy-now-item" className={classes.item}>
          <div className={classes.itemGrid}>
            <ItemImage path={item.images[0] ?? null} alt="" sizes="(min-width: 36em) 200px, 120px" eager />
            <Stack gap="xs">
              <Title order={2} size="h3" id="buy-now-item" style={{ overflowWrap: 'anywhere' }}>
                {item.name}
              </Title>
              <ItemPoints item={item} />
              <NativeSelect
                label={t('buyNow.quantity')}
                data={quantities}
                value={String(quantity)}
                onChange={(event) => setQuantity(Number(event.currentTarget.value))}
                maw={120}
              />
            </Stack>
          </div>
        </Paper>

        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="buy-now-address" className={classes.address}>
          <Stack gap="sm">
            <Title order={2} size="h3" id="buy-now-address">
              {t('buyNow.deliveryAddress')}
            </Title>
            {addressList}
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setAdding(true)}
              disabled={addresses.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('addresses.addNew')}
            </Button>
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="buy-now-total" className={classes.summary}>
          <Stack gap="sm">
            <Title order={2} size="h3" id="buy-now-total">
              {t('buyNow.summary')}
            </Title>
            <dl className={classes.totals}>
              <dt>{t('buyNow.quantity')}</dt>
              <dd>{quantity}</dd>
              <dt>{t('buyNow.totalPoints')}</dt>
              <dd>
                <strong>{formatNumber(total)}</strong>
              </dd>
            </dl>
            <PlaceOrder lines={[{ itemId: item._id, quantity }]} addressId={choice.selected?._id} totalPoints={total} />
          </Stack>
        </Paper>
      </div>
      <AddressFormModal
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(address) => {
          choice.select(address._id);
          setAdding(false);
        }}
      />
    </Stack>
  );
}
