import { useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { whenPageSettled } from '../../lib/page-settled';

/**
 * A component whose code is downloaded once the page has settled (lib/page-settled.ts), for interface that
 * no one needs in the first seconds: the user menu, the navigation drawer, the notifications container and
 * panel, dialogs. Their code (floating panels, focus traps, transitions) would otherwise be part of every
 * signed-in route's bundle, which on a phone must stay within its budget (issue 8), and, loaded as soon as
 * the frame renders, it took the phone's CPU while the screen's rows and pictures still waited (decision
 * 027). Until it arrives, `fallback` renders with the same props (a look-alike button, or nothing); the
 * visitor's first press or key settles the page at once, so a press on a look-alike loads it.
 *
 * Settling renders nothing by itself: each component is drawn again only when its own code has arrived, so
 * the page does not redraw all of them together in one task at that moment (decision 032). A download that
 * failed is tried again by the next one mounted (or, used on demand, the next time it is used); a chunk gone with
 * an old deploy reloads the page (lib/pwa/register.ts).
 *
 * With `usedWhen`, the fallback stays until the props say the visitor has used it (the look-alike bell or menu
 * button pressed, the drawer or a dialog opened), and only then is the code imported: a menu's or a panel's first
 * render, and even the evaluation of a dialog's code, cost a slow phone a long task at the moment the page settled,
 * for something most visits never open (issue 29, decision 039). From then on the component stays. The frame's
 * pieces (menus, inbox, drawer) are precached by the service worker (build/service-worker.ts), so the first press
 * imports them from the cache, not the network; a dialog of a staff screen is downloaded at its first opening.
 */
export function deferred<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: (props: Props) => ReactNode = () => null,
  { usedWhen }: { usedWhen?: (props: Props) => boolean } = {},
): ComponentType<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const startLoading = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        for (const listener of listeners) listener();
      },
      () => {
        loading = undefined;
      },
    );
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const current = () => loaded;

  function Deferred(props: Props) {
    const Loaded = useSyncExternalStore(subscribe, current, () => undefined);
    const usedNow = usedWhen ? usedWhen(props) : true;
    useEffect(() => {
      if (!usedWhen) return whenPageSettled(startLoading);
      if (usedNow) startLoading();
      return undefined;
    }, [usedNow]);
    const [used, setUsed] = useState(usedNow);
    // Remembered during the render that sees it (React's pattern for state derived from props), so a drawer closed
    // again keeps its closing transition.
    if (usedNow && !used) setUsed(true);
    return Loaded && (used || usedNow) ? <Loaded {...props} /> : fallback(props);
  }
  return Deferred;
}

/**
 * A dialog imported and drawn when it first opens (issue 29, decision 039): a closed Mantine modal still runs its
 * transition, portal and focus-trap hooks, and a dashboard's dialogs drawn closed at settling, then only imported
 * there, were long tasks on a slow phone. Once opened it stays, so it closes with its transition and keeps its form.
 */
export function deferredDialog<Props extends { opened: boolean }>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return deferred(load, () => null, { usedWhen: ({ opened }) => opened });
}

/**
 * A menu or panel behind a button, imported and drawn when its look-alike button is first pressed (issue 29: the
 * user menu, the inbox panel). `lookAlike` stands in for it until then and calls
 * `onPressedBeforeLoad`; the drawn component opens at once when `openedBeforeLoad` (useOpenedFromLookAlike).
 */
export function deferredUntilPressed<Props extends { openedBeforeLoad?: boolean; onPressedBeforeLoad?: () => void }>(
  load: () => Promise<ComponentType<Props>>,
  lookAlike: (props: Props) => ReactNode,
): ComponentType<Props> {
  return deferred(load, lookAlike, { usedWhen: ({ openedBeforeLoad }) => openedBeforeLoad === true });
}
