import { Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { useItems } from '../../../features/items/api/get-items';
import { ShopItemCard } from '../../../features/items/components/shop-item-card';
import { ShopGrid } from '../../../features/items/components/shop-grid';
import { itemsInShop } from '../../../features/items/in-shop';
import { ShopBanner } from '../../../features/shop/components/shop-banner';
import { useT } from '../../../lib/i18n/use-t';
import { useShopActions } from '../../shop-actions';

/** Cards in the first screenful on a phone or a laptop: their pictures load at once, the rest lazily. */
const EAGER_IMAGES = 4;

// "/user/shop" - spec §2 Shop: the banner with the customer's earning rate, a search by name (case-insensitive
// substring) and the grid of items with stock above 0.
export default function ShopRoute() {
  const t = useT();
  const items = useItems();
  // The grid is built in a background render that yields to the browser between cards, rather than in one
  // long task when the catalogue arrives (a query's update is otherwise synchronous): issue 10, blocking time.
  const catalogue = useDeferredValue(items.data);
  const actions = useShopActions();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());

  let body;
  if (items.isPending || (items.data && !catalogue)) body = <PageLoader />;
  else if (items.isError)
    body = (
      <LoadError
        title={t('shop.loadError')}
        error={items.error}
        onRetry={() => void items.refetch()}
        retrying={items.isFetching}
      />
    );
  else {
    const inStock = itemsInShop(catalogue ?? []);
    const shown = query ? inStock.filter((item) => item.name.toLowerCase().includes(query)) : inStock;
    if (shown.length === 0)
      body = (
        <Text py="lg" ta="center" c="dimmed">
          {inStock.length === 0 ? t('shop.empty') : t('shop.noMatch', { search: search.trim() })}
        </Text>
      );
    else
      body = (
        <ShopGrid
          key={query}
          items={shown}
          renderCard={(item, index) => (
            <ShopItemCard
              key={item._id}
              item={item}
              outlook={actions.outlookFor(item)}
              onAddToCart={actions.addToCart}
              onBuyNow={actions.buyNow}
              eagerImage={index < EAGER_IMAGES}
            />
          )}
        />
      );
  }

  return (
    <Stack gap="md">
      <Title order={1}>{t('shop.title')}</Title>
      <ShopBanner rate={actions.rate} />
      <TextInput
        label={t('shop.searchLabel')}
        placeholder={t('shop.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        maxLength={100}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {body}
      {actions.popup}
    </Stack>
  );
}
