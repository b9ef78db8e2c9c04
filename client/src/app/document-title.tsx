import { useEffect, type ReactNode } from 'react';
import { useProductName } from '../features/settings/hooks/use-product-name';

/** "<screen> | <product name>" (contract PRODUCT_NAME); each screen's route names it (router.tsx). */
export function DocumentTitle({ title }: { title: string }) {
  const productName = useProductName();

  useEffect(() => {
    document.title = [title, productName].filter(Boolean).join(' | ');
  }, [title, productName]);

  return null;
}

/** A screen with its title: what every route of router.tsx renders. */
export function TitledScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <DocumentTitle title={title} />
      {children}
    </>
  );
}
