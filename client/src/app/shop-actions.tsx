import { isTier, purchaseOutlook, type Item, type PurchaseOutlook } from '@app/common';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAddToCart } from '../features/cart/api/add-to-cart';
import { CartPopup, type CartPopupMessage } from '../features/cart/components/cart-popup';
import { pointsQueryOptions } from '../features/profile/api/get-points';
import { profileQueryOptions, useProfile } from '../features/profile/api/get-profile';
import { pointsConversionQueryOptions, usePointsConversion } from '../features/settings/api/get-points-conversion';
import { serverMessage } from '../lib/api-client';
import { useT } from '../lib/i18n/use-t';

/** Spec §9: the add-to-cart popup shows for 2 seconds. */
export const CART_POPUP_MS = 2_000;

/**
 * What the shop's and the product page's first render read besides their items: the customer's profile (tier,
 * balance), the header's balance and the tier rates. Fetched with the items before such a screen is drawn over
 * the page's frame (loadFirstData, decision 031), so its cards' "You can buy this item" lines and the header's
 * tier badge come with it rather than a moment later, moving what is below them.
 */
export function prefetchShopActions(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(profileQueryOptions()),
    queryClient.prefetchQuery(pointsQueryOptions()),
    queryClient.prefetchQuery(pointsConversionQueryOptions()),
  ]);
}

/** What /buy-now receives in navigation state (spec §2 Buy-now: one selected item). */
export type BuyNowState = { item: Item };

/**
 * The shop's and the product page's actions, composed here because features do not import one another:
 * Add to Cart (cart feature) with its 2-second popup, Buy Now (to /buy-now with the item), and what the
 * customer's balance and tier rate (profile and settings features) mean for an item.
 */
export function useShopActions() {
  const t = useT();
  const navigate = useNavigate();
  const profile = useProfile();
  const rates = usePointsConversion();
  const [popup, setPopup] = useState<CartPopupMessage>();
  const nextPopupId = useRef(0);

  useEffect(() => {
    if (!popup) return;
    const timer = setTimeout(() => setPopup(undefined), CART_POPUP_MS);
    return () => clearTimeout(timer);
  }, [popup]);

  const show = (text: string, tone: CartPopupMessage['tone']) => {
    nextPopupId.current += 1;
    setPopup({ text, tone, id: nextPopupId.current });
  };

  const addToCart = useAddToCart();
  const tier = profile.data && isTier(profile.data.tier) ? profile.data.tier : undefined;
  const rate = tier && rates.data ? rates.data.tierPointsConversion[tier] : undefined;

  return {
    /** INR of billing per point at the customer's tier; undefined while loading. */
    rate,
    outlookFor: (item: Item): PurchaseOutlook | undefined =>
      profile.data && rate !== undefined ? purchaseOutlook(item, profile.data.availablePoints, rate) : undefined,
    addToCart: (item: Item) =>
      addToCart.mutate(
        { itemId: item._id, quantity: 1 },
        {
          onSuccess: () => show(t('shop.added', { name: item.name }), 'success'),
          onError: (error) => {
            // Spec §8 logs this failure; the customer is told why too (a full line, the stock, the network).
            console.error('Failed to add item to cart', error);
            show(serverMessage(error) ?? t('shop.addFailed'), 'error');
          },
        },
      ),
    buyNow: (item: Item) => void navigate(paths.buyNow.getHref(), { state: { item } satisfies BuyNowState }),
    popup: <CartPopup message={popup} />,
  };
}
