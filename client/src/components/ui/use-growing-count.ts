import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * How many of a long list's rows to draw: a screenful first (`first`), then `step` more each time the list's end
 * scrolls near (a background render, so the next rows never block scrolling or a tap) or its "Show more" button is
 * pressed (keyboard and screen-reader users, a browser without IntersectionObserver). A catalogue of hundreds
 * of items would otherwise be hundreds of rows built before a phone can respond (issues 10 and 41: blocking
 * time). The list's parent gives it a new `key` when what it shows changes (a search), which starts it again.
 * `sentinel` goes on the element after the drawn rows that holds the button.
 */
export function useGrowingCount(total: number, first: number, step: number) {
  const [count, setCount] = useState(first);
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = count < total;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setCount((shown) => shown + step));
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, count, step]);

  return { count, hasMore, left: Math.max(0, total - count), sentinel, showMore: () => setCount((shown) => shown + step) };
}
