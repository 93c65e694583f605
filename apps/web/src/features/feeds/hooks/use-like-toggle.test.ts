import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useFeedState } from '@/features/feeds/hooks/use-feed-state';
import { useLikeToggle } from '@/features/feeds/hooks/use-like-toggle';
import { feed } from '@/features/feeds/testing/feed-fixtures';
import { withLike } from '@/features/feeds/utils/like-state';

const api = vi.hoisted(() => ({ like: vi.fn(), unlike: vi.fn(), toastError: vi.fn() }));
vi.mock('@/features/feeds/api/like-feed', () => ({ likeFeed: api.like }));
vi.mock('@/features/feeds/api/unlike-feed', () => ({ unlikeFeed: api.unlike }));
vi.mock('@/lib/toast', () => ({
  toast: { error: api.toastError, success: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

function setup(initial = feed()) {
  const onChange = vi.fn();
  const hook = renderHook(() => {
    const [current, patch] = useFeedState(initial, onChange);
    return { current, like: useLikeToggle(current, patch) };
  });
  return { hook, onChange };
}

describe('withLike', () => {
  it('adds one when liked and takes one away when unliked', () => {
    expect(withLike({ likedByMe: false, likeCount: 3 }, true)).toEqual({ likedByMe: true, likeCount: 4 });
    expect(withLike({ likedByMe: true, likeCount: 4 }, false)).toEqual({ likedByMe: false, likeCount: 3 });
  });

  it('leaves a feed already in that state alone and never counts below zero', () => {
    const liked = { likedByMe: true, likeCount: 4 };
    expect(withLike(liked, true)).toBe(liked);
    expect(withLike({ likedByMe: true, likeCount: 0 }, false)).toEqual({ likedByMe: false, likeCount: 0 });
  });
});

describe('useLikeToggle', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('likes, then unlikes, changing the count only after each call succeeded', async () => {
    let resolveLike!: () => void;
    api.like.mockReturnValue(new Promise<void>((resolve) => (resolveLike = resolve)));
    api.unlike.mockResolvedValue(undefined);
    const { hook, onChange } = setup();

    let pending!: Promise<void>;
    act(() => {
      pending = hook.result.current.like.toggle();
    });
    expect(hook.result.current.like.pending).toBe(true);
    // Not applied while the call is in flight.
    expect(hook.result.current.current).toMatchObject({ likedByMe: false, likeCount: 3 });

    await act(async () => {
      resolveLike();
      await pending;
    });
    expect(api.like).toHaveBeenCalledWith(feed().id);
    expect(hook.result.current.current).toMatchObject({ likedByMe: true, likeCount: 4 });
    expect(hook.result.current.like.pending).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ likedByMe: true, likeCount: 4 }));

    await act(() => hook.result.current.like.toggle());
    expect(api.unlike).toHaveBeenCalledWith(feed().id);
    expect(hook.result.current.current).toMatchObject({ likedByMe: false, likeCount: 3 });
    expect(api.toastError).not.toHaveBeenCalled();
  });

  it('keeps the state and shows the like error toast when the call fails', async () => {
    api.unlike.mockRejectedValue(new Error('boom'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { hook, onChange } = setup(feed({ likedByMe: true, likeCount: 7 }));

    await act(() => hook.result.current.like.toggle());
    expect(hook.result.current.current).toMatchObject({ likedByMe: true, likeCount: 7 });
    expect(onChange).not.toHaveBeenCalled();
    expect(api.toastError).toHaveBeenCalledWith('좋아요 처리 중 오류가 발생했습니다.');
    expect(hook.result.current.like.pending).toBe(false);
  });

  it('ignores a second click while the first call is in flight', async () => {
    let resolveLike!: () => void;
    api.like.mockReturnValue(new Promise<void>((resolve) => (resolveLike = resolve)));
    const { hook } = setup();
    let first!: Promise<void>;
    act(() => {
      first = hook.result.current.like.toggle();
    });
    await act(() => hook.result.current.like.toggle());
    await act(async () => {
      resolveLike();
      await first;
    });
    expect(api.like).toHaveBeenCalledTimes(1);
    expect(hook.result.current.current.likeCount).toBe(4);
  });
});
