import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeedDto } from '@otboo/contract';

/** The selected feed is forgotten this long after the dialog closes, so it does not vanish mid-animation (docs/product.md §9). */
export const FEED_DIALOG_CLEAR_DELAY_MS = 300;

/** Which feed the detail dialog shows, for a page that opens it from its cards. */
export function useFeedDialog() {
  const [open, setOpen] = useState(false);
  const [feed, setFeed] = useState<FeedDto | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((next: FeedDto) => {
    clearTimeout(timer.current);
    setFeed(next);
    setOpen(true);
  }, []);

  const onOpenChange = useCallback((next: boolean) => {
    setOpen(next);
    clearTimeout(timer.current);
    if (!next) timer.current = setTimeout(() => setFeed(null), FEED_DIALOG_CLEAR_DELAY_MS);
  }, []);

  return { open, feed, show, onOpenChange };
}
