import type { ComponentPropsWithoutRef } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { ITEM_PICTURE_RULE, type PictureLook } from '../item-image-sources';
import { itemPictureAttributes, type ItemPictureLook } from '../item-picture';
import classes from './item-image.module.css';

type ItemImageProps = {
  /** The item's `images[0]`, or null when it has none. */
  path: string | null;
  /** The first screenful's pictures load at once; the rest wait until they are scrolled near (lazy). */
  eager?: boolean;
} & (
  | {
      alt: string;
      /** The `sizes` attribute: how wide the picture is drawn, so the browser picks the smallest file that fits. */
      sizes: string;
    }
  | {
      /** The item's name: its alt text or not, as the screen's look says. */
      name: string;
      /** A first screen's picture, which the page's frame draws too (SHOP_CARD_PICTURE, PRODUCT_PICTURE). */
      look: PictureLook;
    }
);

/**
 * How ItemImage draws a picture of `look`: with its own class. The page's frame gives the same to its script
 * (first-item-slot.tsx), so the picture it draws is the screen's.
 */
export const itemImageLook = (look: PictureLook, eager: boolean): ItemPictureLook => ({
  ...look,
  eager,
  className: classes.image!,
});

/** The fixed 4:3 box an item's picture is drawn in (the page's frame holds an empty one: first-item-slot.tsx). */
export function ItemImageFrame(props: Omit<ComponentPropsWithoutRef<'div'>, 'className'>) {
  return <div {...props} className={classes.frame} />;
}

/**
 * A catalogue picture in a box of fixed shape (4:3): the box takes its place before the file arrives, so
 * nothing on the page moves while the grid loads; the picture is fitted inside it whatever its own shape. Its
 * attributes follow itemPictureAttributes, the rule the page's script draws a first screen's picture by.
 */
export function ItemImage({ path, eager = false, ...naming }: ItemImageProps) {
  const t = useT();
  const [name, look]: [string, PictureLook] =
    'look' in naming ? [naming.name, naming.look] : [naming.alt, { sizes: naming.sizes, nameIsAlt: true }];
  const picture = itemPictureAttributes(path ?? '', name, itemImageLook(look, eager), ITEM_PICTURE_RULE);
  if (!path) {
    return (
      <ItemImageFrame role="img" aria-label={t('itemImage.noPictureNamed', { name: picture.alt })}>
        <span className={classes.placeholder} aria-hidden="true">
          {t('itemImage.noPicture')}
        </span>
      </ItemImageFrame>
    );
  }
  return (
    <ItemImageFrame>
      <img
        className={picture.class}
        src={picture.src}
        srcSet={picture.srcset}
        sizes={picture.sizes}
        alt={picture.alt}
        width={picture.width}
        height={picture.height}
        loading={picture.loading}
        decoding={picture.decoding}
        fetchPriority={picture.fetchpriority}
      />
    </ItemImageFrame>
  );
}
