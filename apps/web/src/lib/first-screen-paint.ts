import {
  FIRST_SCREEN_ID,
  FIRST_SCREEN_KEY,
  FIRST_SCREEN_LONGEST_MS,
  KEPT_ON_DEVICE_MS,
  REMEMBERED_USER_KEY,
  TODAY_HOME_ADDRESS,
} from '@/config/first-screen';

/** What is kept: the home's markup as the app last rendered it, for this build and this user. */
export interface KeptFirstScreen {
  build: string;
  userId: string;
  savedAt: number;
  html: string;
}

/**
 * Paints the kept first screen before the app has run (app/main.tsx; this module imports nothing of the app, so
 * the entry stays small): on today's home, for the user this device remembers, of this build and younger than a
 * day, into an inert copy just before the empty #root, which index.css hides meanwhile. The app takes it off once
 * its own home shows (lib/first-screen.ts `releaseFirstScreen`); it goes by itself after a while if the app never
 * does. Whether it painted.
 */
export function paintKeptFirstScreen(now = Date.now()): boolean {
  try {
    if (!TODAY_HOME_ADDRESS.test(location.hash)) return false;
    const kept = JSON.parse(localStorage.getItem(FIRST_SCREEN_KEY) ?? 'null') as KeptFirstScreen | null;
    const user = JSON.parse(localStorage.getItem(REMEMBERED_USER_KEY) ?? 'null') as { id?: unknown } | null;
    if (!kept || !user || kept.userId !== user.id || kept.build !== __APP_BUILD__) return false;
    if (!(now - kept.savedAt < KEPT_ON_DEVICE_MS)) return false;
    const root = document.getElementById('root');
    if (!root || root.firstChild || document.getElementById(FIRST_SCREEN_ID)) return false;
    const copy = document.createElement('div');
    copy.id = FIRST_SCREEN_ID;
    // Seen, not used: its buttons would do nothing before the app runs.
    copy.inert = true;
    copy.setAttribute('aria-busy', 'true');
    copy.innerHTML = kept.html;
    // What React rendered has neither; the page's CSP would refuse them anyway.
    for (const script of copy.querySelectorAll('script')) script.remove();
    for (const element of copy.querySelectorAll('*'))
      for (const { name } of [...element.attributes])
        if (name.startsWith('on')) element.removeAttribute(name);
    root.before(copy);
    setTimeout(() => copy.remove(), FIRST_SCREEN_LONGEST_MS);
    return true;
  } catch {
    // No storage, or a copy that cannot be read: the app starts as it would without one.
    return false;
  }
}
