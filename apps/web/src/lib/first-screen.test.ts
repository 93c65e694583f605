import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_SCREEN_ID,
  FIRST_SCREEN_KEY,
  FIRST_SCREEN_LONGEST_MS,
  KEPT_COPY_ONLY,
  KEPT_ON_DEVICE_MS,
  REMEMBERED_USER_KEY,
} from '@/config/first-screen';
import { dropFirstScreen, keepFirstScreen, releaseFirstScreen } from '@/lib/first-screen';
import { paintKeptFirstScreen, type KeptFirstScreen } from '@/lib/first-screen-paint';

const ALICE = 'a0000000-0000-4000-8000-000000000001';
const BOB = 'b0000000-0000-4000-8000-000000000002';
const NOW = Date.UTC(2026, 10, 27, 0, 30);

/** The page as index.html gives it, and the app's home as it rendered for Alice. */
function renderedHome(): HTMLElement {
  document.body.innerHTML = '<div id="root"></div>';
  const root = document.getElementById('root')!;
  root.innerHTML = `
    <main><h2>#추천 OOTD</h2><span hidden ${KEPT_COPY_ONLY}>마지막으로 받은 추천</span>
    <ul aria-label="추천 옷 목록"><li><article aria-label="네이비 니트"><img src="/files/knit.png" alt=""></article></li></ul></main>`;
  return root;
}

/** index.html before the app has run, for `userId` remembered. */
function freshPage(userId: string | null, hash = '#/recommendations') {
  document.body.innerHTML = '<div id="root"></div>';
  if (userId) localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify({ id: userId }));
  else localStorage.removeItem(REMEMBERED_USER_KEY);
  history.replaceState(null, '', hash);
}

const copy = () => document.getElementById(FIRST_SCREEN_ID);
const kept = () => JSON.parse(localStorage.getItem(FIRST_SCREEN_KEY) ?? 'null') as KeptFirstScreen | null;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the kept first screen', () => {
  it("keeps the home's markup for its user, with what only the copy shows made visible", () => {
    keepFirstScreen(ALICE, renderedHome());
    const saved = kept();
    expect(saved).toMatchObject({ build: __APP_BUILD__, userId: ALICE, savedAt: NOW });
    expect(saved?.html).toContain('네이비 니트');
    expect(saved?.html).toContain('마지막으로 받은 추천');
    expect(saved?.html).not.toMatch(/<span hidden/);
    // The page itself is untouched: a fresh outfit does not say it is the kept one.
    expect(document.querySelector(`[${KEPT_COPY_ONLY}]`)?.hasAttribute('hidden')).toBe(true);
  });

  it('paints it inert before an empty #root on today’s home for the remembered user, and it goes by itself later', () => {
    keepFirstScreen(ALICE, renderedHome());
    for (const hash of ['', '#/', '#/recommendations']) {
      freshPage(ALICE, hash || '#');
      expect(paintKeptFirstScreen()).toBe(true);
      const painted = copy();
      expect(painted?.nextElementSibling?.id).toBe('root');
      expect(painted?.inert).toBe(true);
      expect(painted?.getAttribute('aria-busy')).toBe('true');
      expect(painted?.querySelector('article[aria-label="네이비 니트"] img')).not.toBeNull();
      expect(painted?.textContent).toContain('마지막으로 받은 추천');
      expect(document.getElementById('root')?.childElementCount).toBe(0);
    }
    vi.advanceTimersByTime(FIRST_SCREEN_LONGEST_MS);
    expect(copy()).toBeNull();
  });

  it('paints nothing for another account, another build, a copy a day old, another screen or day, or a started app', () => {
    keepFirstScreen(ALICE, renderedHome());
    freshPage(BOB);
    expect(paintKeptFirstScreen()).toBe(false);
    freshPage(null);
    expect(paintKeptFirstScreen()).toBe(false);
    for (const hash of ['#/closet', '#/recommendations?date=2026-11-28', '#/auth/login']) {
      freshPage(ALICE, hash);
      expect(paintKeptFirstScreen()).toBe(false);
    }
    freshPage(ALICE);
    document.getElementById('root')!.append(document.createElement('div'));
    expect(paintKeptFirstScreen()).toBe(false);

    freshPage(ALICE);
    localStorage.setItem(FIRST_SCREEN_KEY, JSON.stringify({ ...kept(), build: 'an-earlier-build' }));
    expect(paintKeptFirstScreen()).toBe(false);
    keepFirstScreen(ALICE, renderedHome(), NOW - KEPT_ON_DEVICE_MS);
    freshPage(ALICE);
    expect(paintKeptFirstScreen()).toBe(false);
    localStorage.setItem(FIRST_SCREEN_KEY, '{not json');
    expect(paintKeptFirstScreen()).toBe(false);
    expect(copy()).toBeNull();
  });

  it('never runs script or handlers that a stored copy carries', () => {
    localStorage.setItem(
      FIRST_SCREEN_KEY,
      JSON.stringify({
        build: __APP_BUILD__,
        userId: ALICE,
        savedAt: NOW,
        html: '<img src="x" onerror="globalThis.ran = true"><script>globalThis.ran = true</script><p onclick="x()">옷</p>',
      }),
    );
    freshPage(ALICE);
    expect(paintKeptFirstScreen()).toBe(true);
    expect(copy()?.querySelector('script')).toBeNull();
    expect(copy()?.querySelector('[onerror], [onclick]')).toBeNull();
    expect(copy()?.textContent).toBe('옷');
  });

  it('is taken off the page when the app shows, and forgotten with the session', () => {
    keepFirstScreen(ALICE, renderedHome());
    freshPage(ALICE);
    paintKeptFirstScreen();
    releaseFirstScreen();
    expect(copy()).toBeNull();
    expect(kept()?.userId).toBe(ALICE);

    paintKeptFirstScreen();
    dropFirstScreen();
    expect(copy()).toBeNull();
    expect(kept()).toBeNull();
  });
});
