import { paths } from '../../config/paths';
import type { EarlyRequests } from '../../lib/early-requests/start-early-requests';
import type { FirstItemRecipe } from './components/first-item-slot';
import { isInShop } from './in-shop';
import { itemPictureAttributes } from './item-picture';

/**
 * The screens' own rules the page's script draws by: self-contained functions (each copied into the page with its
 * own source, build/inline-script.ts), so the frame's item is what the screen draws: the picture's attributes
 * (ItemImage's), the shop's in-stock filter (itemsInShop's) and the product page's address (ShopCardLayout's).
 */
export const FIRST_ITEM_HELPERS = {
  pictureAttributes: itemPictureAttributes,
  isInShop,
  productHref: paths.product.getHref,
};

export type FirstItemHelpers = typeof FIRST_ITEM_HELPERS;

/**
 * A customer's first item drawn by the page itself (issue 19, decision 031): when the shop or a product page
 * opens from the page's frame (keep-prerendered-screen.ts), this fills the frame's blank slot (the shop's first
 * card, the product's picture and heading) with the item, its picture and its name, as soon as the page's early
 * answer is in, rather than once the screen's code has arrived and rendered. That picture is the screen's largest
 * paint; React then draws the screen over the frame, the same picture at the same size (already downloaded), so
 * the largest paint stays.
 *
 * Runs inline in index.html after the keeper (build/prerender-screens.ts); copied with Function.prototype.toString,
 * so it must stay self-contained: no imports, no helpers from outside its body. It spells nothing of the screens
 * again: how the screen draws the picture (its look, the stored sizes' rule, the API's origin) comes from the
 * slot's recipe (first-item-slot.tsx), and the screens' rules come as `helpers` (FIRST_ITEM_HELPERS, their
 * sources in the page); the slot is the screen's own layout (shop-card-layout.tsx, product-layout.tsx).
 * `first-item-drift.test.tsx` holds the filled slot to the screen's own elements.
 */
export function drawFirstItem(win: Window & { __earlyRequests?: EarlyRequests }, helpers: FirstItemHelpers): void {
  const doc = win.document;
  const root = doc.getElementById('root');
  const slot = root?.querySelector<HTMLElement>('[data-first-item]');
  const responses = win.__earlyRequests?.responses ?? {};
  if (!root || !slot) return;
  let recipe: FirstItemRecipe;
  try {
    recipe = JSON.parse(slot.getAttribute('data-first-item') ?? '') as FirstItemRecipe;
  } catch {
    return;
  }
  // The shop's catalogue, or the one item of the product page (start-early-requests.ts makes one or the other).
  const key = recipe.from === 'catalogue' ? recipe.answer : Object.keys(responses).find((name) => name.startsWith(recipe.answer));
  const pending = key ? responses[key] : undefined;
  if (!pending) return;
  type Item = { _id?: unknown; name?: unknown; stock?: unknown; images?: unknown };
  pending
    // A copy: the screen reads the same answer when its code arrives (early-response.ts). This runs first,
    // registered before any module, so the body is still unread.
    .then((response) => (response.ok ? (response.clone().json() as Promise<unknown>) : undefined))
    .then((answer) => {
      // React has drawn the screen already: nothing to do.
      if (root.getAttribute('data-prerendered') !== 'frame' || !slot.isConnected || !answer) return;
      // Spec §2 Shop: the grid shows the items in the shop, in the catalogue's order (in-shop.ts); the product
      // page shows its item whatever its stock.
      const item =
        recipe.from === 'catalogue'
          ? Array.isArray(answer)
            ? // The shop's own test, as it reads the same answer (whatever it holds: a stock of "2" is in the shop for both).
              (answer as Item[]).find(
                (candidate) =>
                  typeof candidate === 'object' && candidate !== null && helpers.isInShop(candidate as { stock: number }),
              )
            : undefined
          : (answer as Item);
      const images = Array.isArray(item?.images) ? (item.images as unknown[]) : [];
      const path = images[0];
      if (!item || typeof path !== 'string' || typeof item._id !== 'string' || typeof item.name !== 'string') return;
      const picture = slot.querySelector('[data-picture]');
      const name = slot.querySelector('[data-name]');
      if (!picture || !name) return;
      const image = doc.createElement('img');
      for (const [attribute, value] of Object.entries(helpers.pictureAttributes(path, item.name, recipe.look, recipe.rule)))
        if (value !== undefined) image.setAttribute(attribute, value);
      picture.append(image);
      name.textContent = item.name;
      slot.querySelector('a')?.setAttribute('href', helpers.productHref(item._id));
      // Filled: no longer a blank to hide from screen readers.
      (slot.hasAttribute('aria-hidden') ? slot : slot.querySelector('[aria-hidden]'))?.removeAttribute('aria-hidden');
    })
    .catch(() => undefined);
}
