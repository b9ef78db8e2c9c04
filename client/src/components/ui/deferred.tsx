import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { usePageSettled } from '../../lib/page-settled';

/**
 * A component whose code is downloaded once the page has settled (lib/page-settled.ts), for interface that
 * no one needs in the first seconds: the user menu, the navigation drawer, the notifications container and
 * panel, dialogs. Their code (floating panels, focus traps, transitions) would otherwise be part of every
 * signed-in route's bundle, which on a phone must stay within its budget (issue 8), and, loaded as soon as
 * the frame renders, it took the phone's CPU while the screen's rows and pictures still waited (decision
 * 027). Until it arrives, `fallback` renders with the same props (a look-alike button, or nothing); the
 * visitor's first press or key settles the page at once, so a press on a look-alike loads it.
 */
export function deferred<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: (props: Props) => ReactNode = () => null,
): ComponentType<Props> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function Deferred(props: Props) {
    const settled = usePageSettled();
    if (!settled) return fallback(props);
    return (
      <Suspense fallback={fallback(props)}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Deferred;
}
