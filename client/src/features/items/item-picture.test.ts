import { GENERATED_ITEM_IMAGE, ITEM_IMAGE_WIDTHS, itemImagePath, itemImageVariants } from '@app/common';
import { describe, expect, it } from 'vitest';
import { itemPictureAttributes, type ItemPictureLook } from './item-picture';

const NAME = '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';
const LOOK: ItemPictureLook = { className: 'picture', sizes: '50vw', nameIsAlt: false, eager: false };

describe('itemPictureAttributes: the picture’s sizes are those the server keeps (common’s item-images.ts)', () => {
  it.each(['', 'https://api.example.test'])(
    'when a generated picture has any widest width, then its srcset lists the stored sizes itemImageVariants names, from the API’s origin "%s"',
    (apiUrl) => {
      const rule = { widths: ITEM_IMAGE_WIDTHS, generated: GENERATED_ITEM_IMAGE.source, apiUrl };
      for (let widest = 1; widest <= 2500; widest += 1) {
        const path = itemImagePath(NAME, widest);
        const variants = itemImageVariants(path);
        const { src, srcset } = itemPictureAttributes(path, '', LOOK, rule);
        expect(src).toBe(`${apiUrl}/${path}`);
        expect(srcset).toBe(
          variants.length > 1 ? variants.map((variant) => `${apiUrl}/${variant.path} ${variant.width}w`).join(', ') : undefined,
        );
      }
    },
  );

  it.each([`uploads/${NAME}.webp`, 'uploads/catalogue-kettle.webp', `uploads/${NAME}-0w.webp`, `uploads/${NAME}-640w.png`])(
    'when the picture %s is of another naming, then it has src alone, as itemImageVariants gives it one size of unknown width',
    (path) => {
      expect(itemImageVariants(path)).toEqual([{ path, width: undefined }]);
      const rule = { widths: ITEM_IMAGE_WIDTHS, generated: GENERATED_ITEM_IMAGE.source, apiUrl: '' };
      expect(itemPictureAttributes(path, '', LOOK, rule)).toMatchObject({ src: `/${path}`, srcset: undefined, sizes: undefined });
    },
  );
});

describe('itemPictureAttributes: the <img> a screen draws', () => {
  const rule = { widths: ITEM_IMAGE_WIDTHS, generated: GENERATED_ITEM_IMAGE.source, apiUrl: '' };

  it('when the picture is among the first screenful and named by its heading, then it loads at once, first, with alt=""', () => {
    expect(itemPictureAttributes(itemImagePath(NAME, 1200), 'Fan', { ...LOOK, eager: true }, rule)).toEqual({
      class: 'picture',
      src: `/uploads/${NAME}-1200w.webp`,
      srcset: `/uploads/${NAME}-320w.webp 320w, /uploads/${NAME}-640w.webp 640w, /uploads/${NAME}-1200w.webp 1200w`,
      sizes: '50vw',
      alt: '',
      width: '400',
      height: '300',
      loading: 'eager',
      decoding: 'async',
      fetchpriority: 'high',
    });
  });

  it('when the picture stands alone further down, then it is named by the item and waits until scrolled near', () => {
    expect(itemPictureAttributes(itemImagePath(NAME, 1200), 'Fan', { ...LOOK, nameIsAlt: true }, rule)).toMatchObject({
      alt: 'Fan',
      loading: 'lazy',
      fetchpriority: undefined,
    });
  });

  it('when its source is copied alone (as the page’s script holds it), then it still works: it needs nothing from outside', () => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const copy = new Function(`return (${itemPictureAttributes.toString()})`)() as typeof itemPictureAttributes;
    const path = itemImagePath(NAME, 500);
    expect(copy(path, 'Torch', LOOK, rule)).toEqual(itemPictureAttributes(path, 'Torch', LOOK, rule));
  });
});
