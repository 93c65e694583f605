import { useEffect, useState } from 'react';

/** `mm:ss` of a number of seconds. */
export function formatMmss(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Seconds left of a countdown that starts at `seconds` whenever `startedAt` changes. It reads the clock
 * instead of counting ticks, so a throttled background tab still ends on time.
 */
export function useCountdown(seconds: number, startedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.min(seconds, Math.max(0, seconds - Math.floor((now - startedAt) / 1000)));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [left, startedAt]);
  return left;
}
