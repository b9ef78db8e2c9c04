import classes from './cart-popup.module.css';

export type CartPopupMessage = { text: string; tone: 'success' | 'error'; id: number };

/**
 * Spec §2 Shop and §4: the popup after Add to Cart ('"{name}" has been added to your cart'), shown for 2
 * seconds by its owner. The live region is always in the page, so screen readers announce each message.
 */
export function CartPopup({ message }: { message: CartPopupMessage | undefined }) {
  return (
    <div className={classes.region} role="status" aria-live="polite">
      {message && (
        <p key={message.id} className={classes.popup} data-tone={message.tone}>
          {message.text}
        </p>
      )}
    </div>
  );
}
