import { useEffect } from 'react';
import { FIRST_SCREEN_ID, FIRST_SCREEN_KEY, KEPT_COPY_ONLY } from '@/config/first-screen';
import type { KeptFirstScreen } from '@/lib/first-screen-paint';
import { localStorageOrNull } from '@/lib/local-storage';

/**
 * Keeps `root`'s markup as `userId`'s first screen for the next visit: what the app rendered, with the elements
 * only the copy shows made visible (its '마지막으로 받은 추천'). Storage that is full or refused keeps nothing:
 * the next visit then waits for the app, as before.
 */
export function keepFirstScreen(userId: string, root: HTMLElement, now = Date.now()): void {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll(`[${KEPT_COPY_ONLY}]`)) element.removeAttribute('hidden');
  const kept: KeptFirstScreen = { build: __APP_BUILD__, userId, savedAt: now, html: copy.innerHTML };
  try {
    localStorageOrNull()?.setItem(FIRST_SCREEN_KEY, JSON.stringify(kept));
  } catch {
    localStorageOrNull()?.removeItem(FIRST_SCREEN_KEY);
  }
}

/** Takes the painted copy off the page: the app's own screen is showing. */
export function releaseFirstScreen(): void {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
}

/** Forgets the kept first screen and takes it off the page (the session ended: it was that user's). */
export function dropFirstScreen(): void {
  releaseFirstScreen();
  localStorageOrNull()?.removeItem(FIRST_SCREEN_KEY);
}

/**
 * While `userId` is given, keeps the page's markup as their first screen once the browser is idle after `shown`
 * changes, and again when the page is hidden (an installed app is often just swiped away), so the copy is what
 * was last seen.
 */
export function useKeepFirstScreen(userId: string | undefined, shown: unknown): void {
  useEffect(() => {
    if (!userId) return;
    const root = document.getElementById('root');
    if (!root) return;
    const keep = () => keepFirstScreen(userId, root);
    const idle = whenIdle(keep);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') keep();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      idle.cancel();
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [userId, shown]);
}

/** Runs `task` when the main thread is idle (requestIdleCallback where there is one, else on the next task). */
function whenIdle(task: () => void): { cancel(): void } {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2_000 });
    return { cancel: () => cancelIdleCallback(handle) };
  }
  const handle = setTimeout(task, 0);
  return { cancel: () => clearTimeout(handle) };
}
