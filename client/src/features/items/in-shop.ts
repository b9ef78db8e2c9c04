import type { Item } from '@app/common';

/**
 * Spec §2 Shop: whether the shop shows an item: its stock is above 0. Copied into the page with
 * Function.prototype.toString (draw-first-item.ts, for the frame's first card): self-contained.
 */
export function isInShop(item: Pick<Item, 'stock'>): boolean {
  return item.stock > 0;
}

/** Spec §2 Shop: the grid shows the catalogue's items in the shop (isInShop), in the catalogue's order. */
export function itemsInShop(items: readonly Item[]): Item[] {
  return items.filter(isInShop);
}
