import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMmss, useCountdown } from '@/features/auth/hooks/use-countdown';

describe('formatMmss', () => {
  it('pads minutes and seconds', () => {
    expect(formatMmss(180)).toBe('03:00');
    expect(formatMmss(179)).toBe('02:59');
    expect(formatMmss(61)).toBe('01:01');
    expect(formatMmss(9)).toBe('00:09');
    expect(formatMmss(0)).toBe('00:00');
    expect(formatMmss(-5)).toBe('00:00');
  });
});

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down from 180 s by the clock and stops at 0', () => {
    const startedAt = Date.now();
    const { result } = renderHook(() => useCountdown(180, startedAt));
    expect(result.current).toBe(180);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toBe(179);
    act(() => {
      vi.advanceTimersByTime(178_000);
    });
    expect(result.current).toBe(1);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
