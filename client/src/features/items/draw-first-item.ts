import type { EarlyRequests } from '../../lib/early-requests/start-early-requests';
import type { FirstItemRecipe } from './components/first-item-slot';

/**
 * A customer's first item drawn by the page itself (issue 19, decision 031): when the shop or a product page
 * opens from the page's frame (keep-prerendered-screen.ts), this fills the frame's blank slot (the shop's first
 * card, the product's picture and heading) with the item, its picture and its name, as soon as the page's early
 * answer is in, rather than once the screen's code has arrived and rendered. That picture is the screen's largest
 * paint; React then draws the screen over the frame, the same picture at the same size (already downloaded), so
 * the largest paint stays.
 *
 * Runs inline in index.html after the keeper (build/prerender-screens.ts); copied with Function.prototype.toString,
 * so it must stay self-contained: no imports, no helpers from outside its body. What it spells again of the
 * screens (the picture's class, `sizes`, alt text) comes from the slot's recipe (first-item-slot.tsx); the
 * picture's sizes follow itemImageSources, which `draw-first-item.test.ts` holds it to.
 */
export function drawFirstItem(win: Window & { __earlyRequests?: EarlyRequests }): void {
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
  const key = recipe.from === 'catalogue' ? '/item' : Object.keys(responses).find((name) => name.startsWith('/item/itm/'));
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
      // Spec §2 Shop: the grid shows the items with stock above 0, in the catalogue's order (in-shop.ts); the
      // product page shows its item whatever its stock.
      const item =
        recipe.from === 'catalogue'
          ? Array.isArray(answer)
            ? (answer as Item[]).find((candidate) => typeof candidate?.stock === 'number' && candidate.stock > 0)
            : undefined
          : (answer as Item);
      const images = Array.isArray(item?.images) ? (item.images as unknown[]) : [];
      const path = images[0];
      if (!item || typeof path !== 'string' || typeof item._id !== 'string' || typeof item.name !== 'string') return;

      // itemImageSources: every size of a generated picture with its width, or the path alone.
      const generated = new RegExp(recipe.generated).exec(path);
      let srcset = '';
      if (generated) {
        const largest = Math.min(Number(generated[2]), Math.max(...recipe.widths));
        const widths = recipe.widths.filter((width) => width < largest).concat(largest);
        if (widths.length > 1) srcset = widths.map((width) => `/uploads/${generated[1]}-${width}w.webp ${width}w`).join(', ');
      }
      const picture = slot.querySelector('[data-picture]');
      const name = slot.querySelector('[data-name]');
      if (!picture || !name) return;
      const image = doc.createElement('img');
      image.className = recipe.imageClass;
      const attributes: Record<string, string> = {
        alt: recipe.nameIsAlt ? item.name : '',
        width: '400',
        height: '300',
        fetchpriority: 'high',
        decoding: 'async',
      };
      if (srcset) Object.assign(attributes, { srcset, sizes: recipe.sizes });
      for (const [attribute, value] of Object.entries(attributes)) image.setAttribute(attribute, value);
      image.src = `/${path}`;
      picture.append(image);
      name.textContent = item.name;
      slot.querySelector('a')?.setAttribute('href', `/product/${encodeURIComponent(item._id)}`);
      // Filled: no longer a blank to hide from screen readers.
      (slot.hasAttribute('aria-hidden') ? slot : slot.querySelector('[aria-hidden]'))?.removeAttribute('aria-hidden');
    })
    .catch(() => undefined);
}
