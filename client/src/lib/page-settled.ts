/** How long the page must have fetched nothing and run no long task to count as settled. */
const QUIET_MS = 1_000;
/** Settled at the latest this long after the page started, whatever is still happening. */
const LATEST_MS = 10_000;
/** Anything the visitor does: from then on, what they may reach for must not wait. */
const VISITOR_EVENTS = ['pointerdown', 'keydown', 'click', 'touchstart'] as const;
/** The end of a press or key begun by each of them: the page settles only after it (afterTheVisitorsPress). */
const PRESS_ENDS: Record<(typeof VISITOR_EVENTS)[number], readonly string[]> = {
  pointerdown: ['click', 'pointerup', 'pointercancel'],
  touchstart: ['click', 'touchend', 'touchcancel'],
  keydown: ['keyup'],
  click: [],
};
/** A press that never ends (the pointer left the window) settles the page after this long. */
const PRESS_LIMIT_MS = 1_000;

let settled = false;
let watching = false;
const listeners = new Set<() => void>();

function settle() {
  if (settled) return;
  settled = true;
  for (const listener of listeners) listener();
}

/**
 * Watches the page until it has settled (decision 027): its `load` event has passed, then nothing was
 * fetched and no long task ran for QUIET_MS, and every picture that is not lazily loaded has arrived, so the
 * first screen's code, data and pictures are there and drawn; or the visitor pressed, tapped or typed; or
 * LATEST_MS passed. A browser without these observers settles at once.
 */
function watchPage() {
  if (watching) return;
  watching = true;
  if (typeof window === 'undefined' || typeof PerformanceObserver === 'undefined') return settle();
  const observed = (['resource', 'longtask'] as const).filter((type) =>
    (PerformanceObserver.supportedEntryTypes ?? []).includes(type),
  );
  if (!observed.includes('resource')) return settle();

  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let loaded = document.readyState === 'complete';
  const restartQuietTimer = () => {
    if (!loaded) return;
    clearTimeout(quietTimer);
    quietTimer = setTimeout(finishWhenPicturesArrived, QUIET_MS);
  };
  // A picture still on its way is no resource entry yet: the first screenful's (not lazy) must have arrived.
  const finishWhenPicturesArrived = () => {
    const waiting = [...document.images].some((image) => image.loading !== 'lazy' && !image.complete);
    if (waiting) restartQuietTimer();
    else finish();
  };
  const observer = new PerformanceObserver(restartQuietTimer);
  const onLoad = () => {
    loaded = true;
    restartQuietTimer();
  };
  const latestTimer = setTimeout(finish, Math.max(0, LATEST_MS - performance.now()));
  function stopWatching() {
    observer.disconnect();
    clearTimeout(quietTimer);
    clearTimeout(latestTimer);
    window.removeEventListener('load', onLoad);
    for (const type of VISITOR_EVENTS) window.removeEventListener(type, onVisitor, true);
  }
  function finish() {
    stopWatching();
    settle();
  }
  function onVisitor(event: Event) {
    stopWatching();
    afterTheVisitorsPress(event.type as (typeof VISITOR_EVENTS)[number], settle);
  }
  for (const type of observed) observer.observe({ type });
  for (const type of VISITOR_EVENTS) window.addEventListener(type, onVisitor, true);
  if (loaded) restartQuietTimer();
  else window.addEventListener('load', onLoad);
}

/**
 * Runs `then` once the press or key that began with `type` has ended and its handlers have run. Settling
 * swaps a look-alike button for the real one; swapped between a press's start and its click, the click
 * would land on a removed element and be lost (the look-alike keeps a press only if its click arrives).
 */
function afterTheVisitorsPress(type: (typeof VISITOR_EVENTS)[number], then: () => void) {
  const ends = PRESS_ENDS[type];
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    for (const end of ends) window.removeEventListener(end, run);
    clearTimeout(limit);
    // After the event's own handlers (a bubbling listener on window runs last), in a task of its own.
    setTimeout(then, 0);
  };
  const limit = setTimeout(run, ends.length === 0 ? 0 : PRESS_LIMIT_MS);
  for (const end of ends) window.addEventListener(end, run);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  watchPage();
  return () => listeners.delete(listener);
}

/**
 * Runs `then` once the page's first screen has settled (watchPage), at once if it has; answers what cancels it.
 * For work that needs no render of its own at that moment (components/ui/deferred.tsx starts its downloads).
 */
export function whenPageSettled(then: () => void): () => void {
  if (settled) {
    then();
    return () => undefined;
  }
  const listener = () => {
    listeners.delete(listener);
    then();
  };
  return subscribe(listener);
}
