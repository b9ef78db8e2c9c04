import { useCallback, useRef, useState } from 'react';

/**
 * The open state of a menu or panel drawn in place of its look-alike button when that button was pressed
 * (components/ui/deferred.tsx, `usedWhen`): drawn closed, its own button takes the focus the pressed one had, then
 * it opens, so a keyboard user stays on the button and the menu knows where to give the focus back when it closes.
 * `buttonRef` goes on that button.
 */
export function useOpenedFromLookAlike<Button extends HTMLElement>(pressedBeforeDrawn: boolean) {
  const [opened, setOpened] = useState(false);
  // Once, when first drawn: a later change of the prop is not a press.
  const openOnAttach = useRef(pressedBeforeDrawn);
  const buttonRef = useCallback((button: Button | null) => {
    if (!button || !openOnAttach.current) return;
    openOnAttach.current = false;
    button.focus();
    setOpened(true);
  }, []);
  return { buttonRef, opened, setOpened };
}
