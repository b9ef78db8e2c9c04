import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Decision 027: the page counts as settled after its load event and a second with nothing fetched, its
// first pictures arrived, or the visitor's first press, or 10 s at the latest. The browser's observers are
// faked here: jsdom has no PerformanceObserver, and the test delivers what the page would fetch.

/** A PerformanceObserver that records itself and lets the test deliver entries of the types observed. */
class FakePerformanceObserver {
  static supportedEntryTypes: readonly string[] | undefined = ['resource', 'longtask'];
  static instances: FakePerformanceObserver[] = [];
  readonly types: string[] = [];
  disconnected = false;

  constructor(private readonly callback: PerformanceObserverCallback) {
    FakePerformanceObserver.instances.push(this);
  }

  observe({ type }: PerformanceObserverInit) {
    if (type) this.types.push(type);
  }

  disconnect() {
    this.disconnected = true;
  }

  takeRecords(): PerformanceEntryList {
    return [];
  }

  /** An entry of `type` (one the browser saw: a download finished, a long task ran), to every observer of it. */
  static deliver(type: 'resource' | 'longtask') {
    const entry = { entryType: type, name: `https://example.test/${type}`, startTime: performance.now(), duration: 1 };
    for (const observer of FakePerformanceObserver.instances) {
      if (observer.disconnected || !observer.types.includes(type)) continue;
      const list = {
        getEntries: () => [entry],
        getEntriesByType: (wanted: string) => (wanted === type ? [entry] : []),
        getEntriesByName: () => [entry],
      } as unknown as PerformanceObserverEntryList;
      observer.callback(list, observer);
    }
  }
}

let readyState: DocumentReadyState = 'loading';

/** The page as the browser shows it before its load event: still loading. */
function pageStillLoading() {
  readyState = 'loading';
}

/** The browser's load event: the document is complete and `load` fires on the window. */
function pageLoads() {
  readyState = 'complete';
  window.dispatchEvent(new Event('load'));
}

/** A picture on the page, lazy or not, on its way until `arrive` is called. jsdom reflects no `loading` attribute. */
function addPicture({ lazy }: { lazy: boolean }) {
  const image = document.createElement('img');
  let complete = false;
  image.src = 'https://example.test/picture.jpg';
  if (lazy) image.setAttribute('loading', 'lazy');
  Object.defineProperty(image, 'loading', { configurable: true, get: () => image.getAttribute('loading') ?? 'eager' });
  Object.defineProperty(image, 'complete', { configurable: true, get: () => complete });
  document.body.append(image);
  return {
    arrive: () => {
      complete = true;
    },
  };
}

/** A fresh copy of the module (it remembers whether the page settled) and a callback waiting for settling. */
async function watchFreshPage() {
  vi.resetModules();
  const { whenPageSettled } = await import('./page-settled');
  const settled = vi.fn();
  const cancel = whenPageSettled(settled);
  return { whenPageSettled, settled, cancel };
}

function advance(ms: number) {
  vi.advanceTimersByTime(ms);
}

beforeEach(() => {
  // performance.now() counts from here: the page "started" when the fake clock did.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
  FakePerformanceObserver.instances = [];
  FakePerformanceObserver.supportedEntryTypes = ['resource', 'longtask'];
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState });
  pageStillLoading();
});

afterEach(() => {
  // Lets every watcher still waiting reach its 10 s limit, which removes its listeners from the window.
  vi.runAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'readyState');
  document.body.replaceChildren();
});

describe('whenPageSettled', () => {
  it('when the page loads and then fetches nothing for a second, then it has settled', async () => {
    const { settled } = await watchFreshPage();
    advance(5_000);
    expect(settled).not.toHaveBeenCalled();

    pageLoads();
    advance(999);
    expect(settled).not.toHaveBeenCalled();
    advance(1);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when the page was already loaded, then it settles a second after being asked', async () => {
    readyState = 'complete';
    const { settled } = await watchFreshPage();
    advance(999);
    expect(settled).not.toHaveBeenCalled();
    advance(1);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when a resource arrives during the quiet second, then the second starts again', async () => {
    const { settled } = await watchFreshPage();
    pageLoads();
    advance(900);
    FakePerformanceObserver.deliver('resource');
    advance(900);
    expect(settled).not.toHaveBeenCalled();
    advance(100);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when a long task runs during the quiet second, then the second starts again', async () => {
    const { settled } = await watchFreshPage();
    pageLoads();
    advance(900);
    FakePerformanceObserver.deliver('longtask');
    advance(999);
    expect(settled).not.toHaveBeenCalled();
    advance(1);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when resources arrive before the load event, then the quiet second starts only at the load event', async () => {
    const { settled } = await watchFreshPage();
    FakePerformanceObserver.deliver('resource');
    advance(2_000);
    expect(settled).not.toHaveBeenCalled();
    pageLoads();
    advance(1_000);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when a picture that is not lazy is still on its way, then the page settles only a quiet second after it arrived', async () => {
    const picture = addPicture({ lazy: false });
    const { settled } = await watchFreshPage();
    pageLoads();
    advance(4_000);
    expect(settled).not.toHaveBeenCalled();

    picture.arrive();
    advance(1_000);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when only lazy pictures are still on their way, then the page settles a second after the load event', async () => {
    addPicture({ lazy: true });
    const arrived = addPicture({ lazy: false });
    arrived.arrive();
    const { settled } = await watchFreshPage();
    pageLoads();
    advance(1_000);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when resources keep arriving, then the page settles 10 s after it started, at the latest', async () => {
    advance(3_000); // the page started 3 s before anything asked
    const { settled } = await watchFreshPage();
    pageLoads();
    for (let elapsed = 3_000; elapsed < 9_900; elapsed += 300) {
      FakePerformanceObserver.deliver('resource');
      advance(300);
    }
    expect(settled).not.toHaveBeenCalled();
    expect(performance.now()).toBe(9_900);

    FakePerformanceObserver.deliver('resource');
    advance(99);
    expect(settled).not.toHaveBeenCalled();
    advance(1);
    expect(settled).toHaveBeenCalledOnce();
    expect(FakePerformanceObserver.instances.every((observer) => observer.disconnected)).toBe(true);
  });

  it('when a picture never arrives, then the page settles 10 s after it started', async () => {
    addPicture({ lazy: false });
    const { settled } = await watchFreshPage();
    pageLoads();
    advance(9_999);
    expect(settled).not.toHaveBeenCalled();
    advance(1);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when the visitor presses a button, then the page settles after the click, in a task of its own', async () => {
    const { settled } = await watchFreshPage();
    const button = document.createElement('button');
    document.body.append(button);
    const settledDuringClick = vi.fn<(settledYet: boolean) => void>();
    button.addEventListener('click', () => {
      settledDuringClick(settled.mock.calls.length > 0);
    });

    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    advance(500);
    expect(settled).not.toHaveBeenCalled();

    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(settledDuringClick).toHaveBeenCalledWith(false);
    expect(settled).not.toHaveBeenCalled();
    advance(0);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when the visitor lifts the pointer without a click, then the page settles after the pointerup', async () => {
    const { settled } = await watchFreshPage();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    advance(200);
    document.body.dispatchEvent(new Event('pointerup', { bubbles: true }));
    expect(settled).not.toHaveBeenCalled();
    advance(0);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when the visitor presses a key, then the page settles after the key is released, not before', async () => {
    const { settled } = await watchFreshPage();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    advance(800);
    expect(settled).not.toHaveBeenCalled();

    document.body.dispatchEvent(new KeyboardEvent('keyup', { key: 'Tab', bubbles: true }));
    expect(settled).not.toHaveBeenCalled();
    advance(0);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when the visitor’s press never ends, then the page settles a second after it began', async () => {
    const { settled } = await watchFreshPage();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    advance(999);
    expect(settled).not.toHaveBeenCalled();
    advance(1);
    expect(settled).not.toHaveBeenCalled(); // not inside the timer that gave up on the press
    // Its own task: the fake clock runs a zero delay set during a timer 1 ms later.
    advance(1);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when the visitor presses before the load event, then the quiet second and the 10 s limit no longer apply', async () => {
    const { settled } = await watchFreshPage();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(FakePerformanceObserver.instances.every((observer) => observer.disconnected)).toBe(true);
    document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    advance(0);
    expect(settled).toHaveBeenCalledOnce();

    pageLoads();
    advance(20_000);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when the browser has no PerformanceObserver, then the page settles at once', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const { settled } = await watchFreshPage();
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when the browser cannot observe resources, then the page settles at once', async () => {
    FakePerformanceObserver.supportedEntryTypes = ['longtask'];
    const { settled } = await watchFreshPage();
    expect(settled).toHaveBeenCalledOnce();
    expect(FakePerformanceObserver.instances).toHaveLength(0);
  });

  it('when the browser lists no supported entry types, then the page settles at once', async () => {
    FakePerformanceObserver.supportedEntryTypes = undefined;
    const { settled } = await watchFreshPage();
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when the browser observes resources but not long tasks, then only resources restart the quiet second', async () => {
    FakePerformanceObserver.supportedEntryTypes = ['resource'];
    const { settled } = await watchFreshPage();
    expect(FakePerformanceObserver.instances.flatMap((observer) => observer.types)).toEqual(['resource']);
    pageLoads();
    advance(500);
    FakePerformanceObserver.deliver('longtask');
    advance(500);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when asked after the page has settled, then the callback runs at once', async () => {
    const { whenPageSettled, settled } = await watchFreshPage();
    pageLoads();
    advance(1_000);
    expect(settled).toHaveBeenCalledOnce();

    const late = vi.fn();
    whenPageSettled(late);
    expect(late).toHaveBeenCalledOnce();
    expect(settled).toHaveBeenCalledOnce();
  });

  it('when the returned function is called before settling, then that callback never runs', async () => {
    const { whenPageSettled, settled, cancel } = await watchFreshPage();
    const other = vi.fn();
    whenPageSettled(other);
    cancel();

    pageLoads();
    advance(1_000);
    expect(other).toHaveBeenCalledOnce();
    expect(settled).not.toHaveBeenCalled();
  });

  it('when several callbacks wait, then one page watch serves them all and each runs once', async () => {
    const { whenPageSettled, settled } = await watchFreshPage();
    const other = vi.fn();
    whenPageSettled(other);
    expect(FakePerformanceObserver.instances).toHaveLength(1);

    pageLoads();
    advance(1_000);
    advance(20_000);
    expect(settled).toHaveBeenCalledOnce();
    expect(other).toHaveBeenCalledOnce();
  });
});
