import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code is downloaded once the screen around it has rendered, for interface that no one
 * needs in the first second: the user menu, the navigation drawer, the notifications container. Their code
 * (floating panels, focus traps, transitions) would otherwise be part of every signed-in route's bundle,
 * which on a phone must stay within its budget (issue 8). Until it arrives, `fallback` renders with the
 * same props (a look-alike button, or nothing).
 */
export function deferred<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: (props: Props) => ReactNode = () => null,
): ComponentType<Props> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function Deferred(props: Props) {
    return (
      <Suspense fallback={fallback(props)}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Deferred;
}
