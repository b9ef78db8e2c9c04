import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { useProductName } from '../features/settings/hooks/use-product-name';

export type RouteHandle = { title: string };

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'string';
}

/** "<screen> | <product name>" for the deepest route that names its screen (contract PRODUCT_NAME). */
export function DocumentTitle() {
  const matches = useMatches();
  const productName = useProductName();
  const screen = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1)?.title;

  useEffect(() => {
    const parts = [screen, productName].filter(Boolean);
    if (parts.length > 0) document.title = parts.join(' | ');
  }, [screen, productName]);

  return null;
}
