import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEED_DIALOG_CLEAR_DELAY_MS, useFeedDialog } from '@/features/feeds/hooks/use-feed-dialog';
import { feed } from '@/features/feeds/testing/feed-fixtures';

describe('useFeedDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('clears the selected feed 300 ms after closing', () => {
    const { result } = renderHook(() => useFeedDialog());
    act(() => result.current.show(feed()));
    expect(result.current).toMatchObject({ open: true, feed: feed() });

    act(() => result.current.onOpenChange(false));
    expect(result.current.open).toBe(false);
    expect(result.current.feed).not.toBeNull();
    act(() => vi.advanceTimersByTime(FEED_DIALOG_CLEAR_DELAY_MS - 1));
    expect(result.current.feed).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.feed).toBeNull();
  });

  it('keeps a feed opened again before the delay ran out', () => {
    const { result } = renderHook(() => useFeedDialog());
    act(() => result.current.show(feed()));
    act(() => result.current.onOpenChange(false));
    const other = feed({ id: 'f0000000-0000-4000-8000-000000000002' });
    act(() => result.current.show(other));
    act(() => vi.advanceTimersByTime(FEED_DIALOG_CLEAR_DELAY_MS * 2));
    expect(result.current).toMatchObject({ open: true, feed: other });
  });
});
