import type { Item } from '@app/common';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { Link, matchPath, useParams } from 'react-router-dom';
import { QueryStates } from '../../components/ui/query-states';
import { paths } from '../../config/paths';
import { itemQueryOptions, useItem } from '../../features/items/api/get-item';
import { ItemDescription } from '../../features/items/components/item-description';
import { ItemPoints } from '../../features/items/components/item-points';
import { ProductLayout } from '../../features/items/components/product-layout';
import { PurchaseLine } from '../../features/items/components/purchase-line';
import { isApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n/use-t';
import type { FirstVisit } from '../router';
import { prefetchShopActions, useShopActions } from '../shop-actions';

/**
 * The item and what the page says of the customer's balance, fetched before the page is drawn over the page's
 * frame (router.tsx, main.tsx): the frame's picture and heading then give way to the item's page, not to
 * 'Loading...' and the page after it (decision 031).
 * @public read by the router from the lazily imported module (router.tsx ScreenModule), not imported.
 */
export const loadFirstData = (queryClient: QueryClient, { pathname }: FirstVisit) => {
  const id = matchPath(paths.product.path, pathname)?.params.id;
  return Promise.all([id ? queryClient.prefetchQuery(itemQueryOptions(id)) : undefined, prefetchShopActions(queryClient)]);
};

// "/product/:id" - spec §2 Product page: 'Loading...' until loaded, then the image, name, points, a
// 'Billing required: ₹' line (or, when nothing more is needed, the shop card's 'You can buy this item'), Add to
// Cart, Buy Now and the HTML description.
export default function ProductRoute() {
  const t = useT();
  const { id = '' } = useParams();
  const item = useItem(id);
  const actions = useShopActions();

  if (item.isError && isApiError(item.error) && (item.error.status === 404 || item.error.status === 400)) {
    return (
      <Stack gap="sm" align="flex-start">
        <Title order={1}>{t('product.notFound')}</Title>
        <Text>{t('product.gone')}</Text>
        <Anchor component={Link} to={paths.shop.getHref()}>
          {t('product.backToShop')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <QueryStates query={item} loadErrorTitle={t('product.loadError')}>
      {(product) => <Product product={product} actions={actions} />}
    </QueryStates>
  );
}

type ProductProps = { product: Item; actions: ReturnType<typeof useShopActions> };

/** The item's page once it is loaded. */
function Product({ product, actions }: ProductProps) {
  const t = useT();
  const outlook = actions.outlookFor(product);
  const soldOut = product.stock <= 0;
  return (
    // The picture, the name and the places of the details and the description: drawn by the page's frame too
    // (product-layout.tsx).
    <ProductLayout item={product} description={<ItemDescription html={product.description} />}>
      <ItemPoints item={product} />
      {/* The card's rule and words (purchase-line.tsx): 'Billing required: ₹{amount}' while billing is needed,
          'You can buy this item' once the balance covers the item, never 'Billing required: ₹0' beside a card
          that says it can be bought; a blank line of the same height while the balance loads. */}
      <PurchaseLine outlook={outlook} place="product" />
      {soldOut && (
        <Text c="red.8" fw={600}>
          {t('product.outOfStock')}
        </Text>
      )}
      <Group gap="sm">
        <Button variant="light" onClick={() => actions.addToCart(product)} disabled={soldOut}>
          {t('shop.addToCart')}
        </Button>
        <Button onClick={() => actions.buyNow(product)} disabled={soldOut}>
          {t('shop.buyNow')}
        </Button>
      </Group>
    </ProductLayout>
  );
}
