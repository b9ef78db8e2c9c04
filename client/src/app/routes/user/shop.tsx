import { Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import type { QueryClient } from '@tanstack/react-query';
import { itemsQueryOptions, useItems } from '../../../features/items/api/get-items';
import { ShopItemCard } from '../../../features/items/components/shop-item-card';
import { ShopGrid } from '../../../features/items/components/shop-grid';
import { itemsInShop } from '../../../features/items/in-shop';
import { runningCampaignsQueryOptions } from '../../../features/campaigns/api/campaigns';
import { RunningCampaigns } from '../../../features/campaigns/components/running-campaigns';
import { SoonestExpiry } from '../../../features/profile/components/soonest-expiry';
import { ShopBanner } from '../../../features/shop/components/shop-banner';
import { useT } from '../../../lib/i18n/use-t';
import { prefetchShopActions, useShopActions } from '../../shop-actions';

/** Cards in the first screenful on a phone or a laptop: their pictures load at once, the rest lazily. */
const EAGER_IMAGES = 4;

/**
 * The catalogue, what its cards say of the customer's balance and the banner's lines, fetched before the shop is drawn over the
 * page's frame (router.tsx, main.tsx): the frame's first card then gives way to the whole grid, not to the loading
 * state and the grid after it, nor to cards whose lines arrive a moment later (decision 031).
 * @public read by the router from the lazily imported module (router.tsx ScreenModule), not imported.
 */
export const loadFirstData = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.prefetchQuery(itemsQueryOptions()),
    prefetchShopActions(queryClient),
    // The banner's campaign lines (the expiry line reads the points, which prefetchShopActions asks for).
    queryClient.prefetchQuery(runningCampaignsQueryOptions()),
  ]);

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
    <ShopPage
      rate={actions.rate}
      notices={
        <>
          <RunningCampaigns fw={600} />
          <SoonestExpiry fw={600} />
        </>
      }
      search={search}
      onSearch={setSearch}
    >
      {body}
      {actions.popup}
    </ShopPage>
  );
}

type ShopPageProps = {
  rate: number | undefined;
  /** The banner's lines for this customer (ShopBanner); none in the page drawn at build time. */
  notices?: ReactNode;
  search: string;
  onSearch: (search: string) => void;
  /** The grid, or what stands in its place (loading, empty, error). */
  children: ReactNode;
};

/**
 * The shop's heading, banner and search above its grid. Also rendered at build time, with the first card's
 * slot below it, into the page a returning customer first sees (prerender.tsx, decision 031): what React draws
 * over it must be this same layout.
 */
export function ShopPage({ rate, notices, search, onSearch, children }: ShopPageProps) {
  const t = useT();
  return (
    <Stack gap="md">
      <Title order={1}>{t('shop.title')}</Title>
      <ShopBanner rate={rate} notices={notices} />
      <TextInput
        label={t('shop.searchLabel')}
        placeholder={t('shop.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        maxLength={100}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        maw={420}
      />
      {children}
    </Stack>
  );
}
