import { useEffect, useRef, type RefObject } from 'react';

interface InfiniteScrollOptions {
  enabled: boolean;
  onReachEnd(): void;
  rootMargin?: string;
  threshold?: number;
  /**
   * The scrolling box the list lives in (a popover, a dialog body). With it `rootMargin` counts from that
   * box's edges; without it, from the viewport's, where a box's own clipping would swallow the margin.
   */
  root?: RefObject<Element | null>;
}

/**
 * A ref for a sentinel element placed after a list; `onReachEnd` runs when it scrolls into view while
 * `enabled` (e.g. hasNext and not loading).
 */
export function useInfiniteScroll<T extends Element>({
  enabled,
  onReachEnd,
  rootMargin = '200px',
  threshold = 0,
  root,
}: InfiniteScrollOptions) {
  const ref = useRef<T>(null);
  const callback = useRef(onReachEnd);
  useEffect(() => {
    callback.current = onReachEnd;
  });
  useEffect(() => {
    const target = ref.current;
    if (!enabled || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { root: root?.current ?? null, rootMargin, threshold },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [enabled, rootMargin, threshold, root]);
  return ref;
}
