import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedSearch } from '@/hooks/use-debounced-search';

describe('useDebouncedSearch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports the trimmed text once typing has paused for the delay', () => {
    const onSearch = vi.fn();
    const { result } = renderHook(() => useDebouncedSearch(undefined, onSearch, 300));
    act(() => result.current[1]('  셔츠 '));
    expect(result.current[0]).toBe('  셔츠 ');
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('셔츠');
  });

  it('starts from the applied keyword and reports nothing while the text matches it', () => {
    const onSearch = vi.fn();
    const { result } = renderHook(() => useDebouncedSearch('니트', onSearch, 300));
    expect(result.current[0]).toBe('니트');
    act(() => result.current[1]('니트 '));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('reports a cleared box as no filter', () => {
    const onSearch = vi.fn();
    const { result } = renderHook(() => useDebouncedSearch('니트', onSearch, 500));
    act(() => result.current[1]('   '));
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(onSearch).toHaveBeenCalledExactlyOnceWith(undefined);
  });
});
