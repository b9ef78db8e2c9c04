import type { EarlyRequests } from '../../lib/early-requests/start-early-requests';
import type { FirstCardRecipe } from './components/first-card-slot';

/**
 * The shop's first card drawn by the page itself (issue 19, decision 031): when a returning customer's shop
 * opens from the page's frame (keep-prerendered-screen.ts), this fills the frame's blank first card with the
 * first item in stock, its picture and its name, as soon as the page's early catalogue answer is in, rather than
 * once the shop's code has arrived and rendered. That picture is the shop's largest paint; React then draws the
 * real grid over the frame, the same picture at the same size (already downloaded), so the largest paint stays.
 *
 * Runs inline in index.html after the keeper (build/prerender-screens.ts); copied with Function.prototype.toString,
 * so it must stay self-contained: no imports, no helpers from outside its body. What it spells again of
 * ShopItemCard (the picture's class and `sizes`) comes from the slot's recipe (first-card-slot.tsx); the
 * picture's sizes follow itemImageSources, which `draw-first-card.test.ts` holds it to.
 */
export function drawFirstCard(win: Window & { __earlyRequests?: EarlyRequests }): void {
  const doc = win.document;
  const root = doc.getElementById('root');
  const slot = root?.querySelector<HTMLElement>('[data-first-card]');
  const pending = win.__earlyRequests?.responses['/item'];
  if (!root || !slot || !pending) return;
  let recipe: FirstCardRecipe;
  try {
    recipe = JSON.parse(slot.getAttribute('data-first-card') ?? '') as FirstCardRecipe;
  } catch {
    return;
  }
  pending
    // A copy: the shop reads the same answer when its code arrives (early-response.ts). This runs first,
    // registered before any module, so the body is still unread.
    .then((response) => (response.ok ? (response.clone().json() as Promise<unknown>) : undefined))
    .then((items) => {
      // React has drawn the shop already: nothing to do.
      if (root.getAttribute('data-prerendered') !== 'frame' || !slot.isConnected || !Array.isArray(items)) return;
      // Spec §2 Shop: the grid shows the items with stock above 0, in the catalogue's order (in-shop.ts).
      const item = (items as { _id?: unknown; name?: unknown; stock?: unknown; images?: unknown }[]).find(
        (candidate) => typeof candidate?.stock === 'number' && candidate.stock > 0,
      );
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
      const card = slot.querySelector('li');
      const link = card?.querySelector('a');
      const frame = link?.querySelector('div');
      const name = link?.querySelector('h2');
      if (!card || !link || !frame || !name) return;
      const image = doc.createElement('img');
      image.className = recipe.imageClass;
      const attributes: Record<string, string> = {
        alt: '',
        width: '400',
        height: '300',
        fetchpriority: 'high',
        decoding: 'async',
      };
      if (srcset) Object.assign(attributes, { srcset, sizes: recipe.sizes });
      for (const [attribute, value] of Object.entries(attributes)) image.setAttribute(attribute, value);
      image.src = `/${path}`;
      frame.append(image);
      link.href = `/product/${encodeURIComponent(item._id)}`;
      name.textContent = item.name;
      card.removeAttribute('aria-hidden');
    })
    .catch(() => undefined);
}
