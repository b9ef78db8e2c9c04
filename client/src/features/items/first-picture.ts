import type { Item } from '@app/common';
import { matchPath } from 'react-router-dom';
import { paths } from '../../config/paths';
import { peekEarlyResponse } from '../../lib/early-requests/early-response';
import { itemPath, ITEMS_PATH } from './api/item-paths';
import { itemsInShop } from './in-shop';
import { itemImageSources, PRODUCT_PICTURE, SHOP_CARD_PICTURE } from './item-image-sources';

/**
 * The first screen's largest picture (the shop's first card, the product's picture) asked for as soon as the
 * page's early answer names it, rather than once the screen's code has arrived and rendered (issue 19: it was
 * the largest paint of both pages, its request leaving last). A `<link rel="preload">` with the `<img>`'s own
 * `srcset` and `sizes`, so the browser picks the same file and the `<img>` takes it from the preload.
 */
export function preloadFirstPicture(pathname: string, token: string | null): void {
  const product = matchPath(paths.product.path, pathname);
  if (pathname === paths.shop.path) {
    void peekEarlyResponse(ITEMS_PATH, undefined, token).then((answer) => {
      const items = Array.isArray(answer?.data) ? itemsInShop(answer.data as Item[]) : [];
      preload(items[0], SHOP_CARD_PICTURE.sizes);
    });
  } else if (product?.params.id) {
    void peekEarlyResponse(itemPath(product.params.id), undefined, token).then((answer) => {
      preload(answer?.data as Item | undefined, PRODUCT_PICTURE.sizes);
    });
  }
}

function preload(item: Item | undefined, sizes: string): void {
  const path = item?.images?.[0];
  if (typeof path !== 'string') return;
  const { src, srcSet } = itemImageSources(path);
  const link = document.createElement('link');
  const attributes: Record<string, string> = { rel: 'preload', as: 'image', href: src, fetchpriority: 'high' };
  if (srcSet) Object.assign(attributes, { imagesrcset: srcSet, imagesizes: sizes });
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.append(link);
}
