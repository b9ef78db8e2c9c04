import type { Item } from '@app/common';

/** Spec §2 Shop: the grid shows the catalogue's items with stock above 0, in the catalogue's order. */
export function itemsInShop(items: readonly Item[]): Item[] {
  return items.filter((item) => item.stock > 0);
}
