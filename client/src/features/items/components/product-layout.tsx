import type { Item } from '@app/common';
import { Stack, Title } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { PRODUCT_PICTURE } from '../item-image-sources';
import { ItemImage, ItemImageFrame } from './item-image';
import classes from './product-layout.module.css';

type ProductLayoutProps = Omit<ComponentPropsWithoutRef<'article'>, 'className' | 'children' | 'title'> & {
  /**
   * The item the page shows. None: the blank page of the page's frame (ProductSlot), which the page's script
   * fills (draw-first-item.ts): hidden from screen readers until then, the picture's box empty (`data-picture`),
   * the heading a blank line (`data-name`).
   */
  item?: Item;
  /** What the page says below the item's name: its points, the billing line, the buttons. */
  children?: ReactNode;
  /** The item's description, under the picture and the details. */
  description?: ReactNode;
};

/**
 * Spec §2 Product page: the item's picture (PRODUCT_PICTURE) beside its name and details, its description below.
 * The product page (ProductRoute) and the page's frame (ProductSlot) both draw it, the same elements and classes,
 * so the picture the page draws stays where the product page draws it (no layout shift).
 */
export function ProductLayout({ item, children, description, ...props }: ProductLayoutProps) {
  const t = useT();
  return (
    <article {...props} className={classes.layout} aria-hidden={item ? undefined : 'true'}>
      <div className={classes.picture}>
        {item ? (
          <ItemImage path={item.images[0] ?? null} name={item.name} look={PRODUCT_PICTURE} eager />
        ) : (
          <ItemImageFrame data-picture="" />
        )}
      </div>
      <Stack gap="sm" className={classes.details}>
        <Title order={1} data-name={item ? undefined : ''}>
          {item ? item.name : '\u00a0'}
        </Title>
        {children}
      </Stack>
      {description !== undefined && (
        <section className={classes.description} aria-label={t('product.description')}>
          {description}
        </section>
      )}
    </article>
  );
}
