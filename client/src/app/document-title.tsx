import { useEffect, type ReactNode } from 'react';
import type { MessageId } from '../lib/i18n/catalogs';
import { useT } from '../lib/i18n/use-t';
import { useProductName } from '../features/settings/hooks/use-product-name';

/**
 * "<screen> | <product name>" (contract PRODUCT_NAME) in the reader's language; each screen's route names it
 * (router.tsx) by a message id.
 */
export function DocumentTitle({ titleId }: { titleId: MessageId }) {
  const productName = useProductName();
  const t = useT();
  const title = t(titleId);
  // A screen's words arrive with its code (lib/i18n): until then Lingui answers the id itself, which is no
  // title to show in a tab. The language provider re-renders this once they have arrived.
  const ready = title !== titleId;

  useEffect(() => {
    if (ready) document.title = [title, productName].filter(Boolean).join(' | ');
  }, [ready, title, productName]);

  return null;
}

/** A screen with its title: what every route of router.tsx renders. */
export function TitledScreen({ titleId, children }: { titleId: MessageId; children: ReactNode }) {
  return (
    <>
      <DocumentTitle titleId={titleId} />
      {children}
    </>
  );
}
