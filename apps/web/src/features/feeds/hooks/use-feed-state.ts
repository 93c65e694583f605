import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeedDto } from '@otboo/contract';

/**
 * The feed shown in the detail dialog, with changes (like, comment, edit) applied locally and reported
 * to `onChange` so the list behind the dialog can update its card. Updates read the latest feed through
 * a ref, so a like that finishes after a comment does not bring back the old comment count.
 */
export function useFeedState(initial: FeedDto, onChange?: (feed: FeedDto) => void) {
  const [feed, setFeed] = useState(initial);
  const latest = useRef(initial);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });

  const patch = useCallback((update: (feed: FeedDto) => FeedDto) => {
    const next = update(latest.current);
    if (next === latest.current) return;
    latest.current = next;
    setFeed(next);
    report.current?.(next);
  }, []);

  return [feed, patch] as const;
}
