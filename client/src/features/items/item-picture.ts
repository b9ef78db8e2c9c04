/**
 * How item pictures are stored and fetched: the sizes the server makes of every upload (ITEM_IMAGE_WIDTHS), the
 * stored name that tells a generated picture's widest size (GENERATED_ITEM_IMAGE's source) and the API's origin
 * (env.API_URL: '' when the API is served by the page's own origin). Data, so the page's frame can carry it in its
 * slot's recipe (first-item-slot.tsx) to the page's script.
 */
export type ItemPictureRule = {
  widths: readonly number[];
  generated: string;
  apiUrl: string;
};

/** How a screen draws an item's picture. */
export type ItemPictureLook = {
  /** The `<img>`'s class (item-image.module.css). */
  className: string;
  /** How wide the picture is drawn: the browser picks the smallest file that fits. */
  sizes: string;
  /** The picture stands alone and is named by its alt text; false: a heading beside it names it (alt=""). */
  nameIsAlt: boolean;
  /** Among the first screenful: loaded at once, first. The rest wait until they are scrolled near. */
  eager: boolean;
};

/** An item picture's `<img>` attributes, by their HTML names; an attribute left undefined is not set. */
export type ItemPictureAttributes = {
  class: string;
  src: string;
  srcset: string | undefined;
  sizes: string | undefined;
  alt: string;
  width: string;
  height: string;
  loading: 'eager' | 'lazy';
  decoding: 'async';
  fetchpriority: 'high' | undefined;
};

/**
 * The `<img>` of an item's stored picture (`images[0]`, "uploads/…"): the one rule ItemImage and the page's
 * script (draw-first-item.ts) both draw it by, so the frame's picture is the screen's (decision 031).
 *
 * A generated picture (`uploads/<name>-<widest>w.webp`) has every width of `rule.widths` below its widest, then
 * its widest (common's itemImageWidthsFor, itemImagePath, itemImageVariants: item-picture.test.ts holds this to
 * them), each from the API's origin; with more than one it has a `srcset`, and then `sizes`. A picture of the
 * older naming, whose sizes were labelled by the width asked for rather than the width kept, has `src` alone. The
 * box is 4:3 (400×300) whatever sizes there are, so nothing moves while it loads.
 *
 * Copied into the page with Function.prototype.toString (build/prerender-screens.ts): self-contained, no imports
 * or helpers from outside its body; everything it needs comes in its arguments.
 */
export function itemPictureAttributes(
  path: string,
  name: string,
  look: ItemPictureLook,
  rule: ItemPictureRule,
): ItemPictureAttributes {
  // No function kept in a name here: some compilers then wrap it in a helper of theirs (esbuild's keepNames),
  // which the page does not have.
  const generated = new RegExp(rule.generated).exec(path);
  let srcset: string | undefined;
  if (generated) {
    const largest = Math.min(Number(generated[2]), Math.max(...rule.widths));
    const widths = rule.widths.filter((width) => width < largest).concat(largest);
    if (widths.length > 1)
      srcset = widths.map((width) => `${rule.apiUrl}/uploads/${generated[1]}-${width}w.webp ${width}w`).join(', ');
  }
  return {
    class: look.className,
    src: `${rule.apiUrl}/${path}`,
    srcset,
    sizes: srcset ? look.sizes : undefined,
    alt: look.nameIsAlt ? name : '',
    width: '400',
    height: '300',
    loading: look.eager ? 'eager' : 'lazy',
    decoding: 'async',
    fetchpriority: look.eager ? 'high' : undefined,
  };
}
