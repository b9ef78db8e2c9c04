import { useT } from '../../../lib/i18n/use-t';
import { itemImageSources } from '../item-image-sources';
import classes from './item-image.module.css';

type ItemImageProps = {
  /** The item's `images[0]`, or null when it has none. */
  path: string | null;
  alt: string;
  /** The `sizes` attribute: how wide the picture is drawn, so the browser picks the smallest file that fits. */
  sizes: string;
  /** The first screenful's pictures load at once; the rest wait until they are scrolled near (lazy). */
  eager?: boolean;
};

/**
 * A catalogue picture in a box of fixed shape (4:3): the box takes its place before the file arrives, so
 * nothing on the page moves while the grid loads; the picture is fitted inside it whatever its own shape.
 */
export function ItemImage({ path, alt, sizes, eager = false }: ItemImageProps) {
  const t = useT();
  if (!path) {
    return (
      <div className={classes.frame} role="img" aria-label={t('itemImage.noPictureNamed', { name: alt })}>
        <span className={classes.placeholder} aria-hidden="true">
          {t('itemImage.noPicture')}
        </span>
      </div>
    );
  }
  const { src, srcSet } = itemImageSources(path);
  return (
    <div className={classes.frame}>
      <img
        className={classes.image}
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        alt={alt}
        width={400}
        height={300}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={eager ? 'high' : undefined}
      />
    </div>
  );
}
