import { formatNumber, linePoints, MAX_CART_QUANTITY, pointsAfterDiscount, type CartLine } from '@app/common';
import { ActionIcon, Anchor, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/use-t';
import { maxQuantity } from '../cart-total';
import classes from './cart-line-card.module.css';

type CartLineCardProps = {
  line: CartLine;
  /** The item's picture, drawn by the screen (the items feature owns pictures). */
  image: ReactNode;
  onQuantityChange: (quantity: number) => void;
  onDelete: () => void;
  /** True while this line's change or removal is being saved. */
  busy: boolean;
  /** Why the last change of this line failed (the server's words). */
  error: string | undefined;
};

/**
 * Spec §2 Cart: an item card with its picture, name, points, − / + and Delete. The quantity stays within
 * 1 to 5 (spec §5, §9) and the stock (contract "Cart"): − stops at 1, + at 5 or at the stock.
 */
export function CartLineCard({ line, image, onQuantityChange, onDelete, busy, error }: CartLineCardProps) {
  const t = useT();
  const { itemId: item, quantity } = line;
  const most = maxQuantity(line, MAX_CART_QUANTITY);
  const discounted = item.discount > 0;
  return (
    <li className={classes.card} aria-label={item.name}>
      {image}
      <Stack gap={6}>
        <h2 className={classes.name}>
          <Anchor component={Link} to={paths.product.getHref(item._id)} inherit c="inherit">
            {item.name}
          </Anchor>
        </h2>
        <Text size="sm">
          {t('cartLine.pointsEach', { points: formatNumber(pointsAfterDiscount(item)) })}
          {discounted && (
            <Text span size="sm" c="dimmed">
              {' '}
              (
              <s aria-label={t('cartLine.was', { points: formatNumber(item.pointsRequired) })}>
                {formatNumber(item.pointsRequired)}
              </s>
              )
            </Text>
          )}
        </Text>
        <Text size="sm" fw={600}>
          {t('cartLine.linePoints', { points: formatNumber(linePoints(item, quantity)) })}
        </Text>
        {item.stock <= 0 ? (
          <Text size="sm" c="red.8">
            {t('cartLine.outOfStock')}
          </Text>
        ) : (
          quantity > item.stock && (
            <Text size="sm" c="red.8">
              {t('cartLine.onlyLeft', { count: formatNumber(item.stock) })}
            </Text>
          )
        )}
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Group gap={6} wrap="nowrap" role="group" aria-label={t('cartLine.quantityOf', { name: item.name })}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => onQuantityChange(quantity - 1)}
              disabled={busy || quantity <= 1}
              aria-label={t('cartLine.decrease', { name: item.name })}
            >
              <IconMinus size={16} aria-hidden />
            </ActionIcon>
            <span className={classes.quantity} aria-live="polite">
              <VisuallyHidden>{`${t('cartLine.quantity')} `}</VisuallyHidden>
              {quantity}
            </span>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => onQuantityChange(quantity + 1)}
              disabled={busy || quantity >= most}
              aria-label={t('cartLine.increase', { name: item.name })}
            >
              <IconPlus size={16} aria-hidden />
            </ActionIcon>
          </Group>
          <Button
            variant="subtle"
            color="red"
            size="sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
            disabled={busy}
            aria-label={t('cartLine.deleteNamed', { name: item.name })}
          >
            {t('cartLine.delete')}
          </Button>
        </Group>
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </li>
  );
}
