/**
 * The returning user's first screen (issue 23): the home as it last showed, kept on the phone, painted by the
 * entry before the app's code has run (lib/first-screen-paint.ts), then replaced by the app. Its keeper is
 * lib/first-screen.ts; both read these, so the painter and the keeper never disagree.
 */

/** How long something kept on the phone for a returning user may be shown: the saved queries' age too. */
export const KEPT_ON_DEVICE_MS = 24 * 60 * 60 * 1000;

/** Where the signed-in user of this device is remembered (stores/session.ts). */
export const REMEMBERED_USER_KEY = 'otboo.session-user';

/** Where the kept first screen is: `{ build, userId, savedAt, html }`. */
export const FIRST_SCREEN_KEY = 'otboo.first-screen';

/** The painted copy's element, just before #root (index.css hides #root while it is there). */
export const FIRST_SCREEN_ID = 'first-screen';

/**
 * The addresses that open on today's home: the root and /recommendations without a `?date=` (a notification's
 * day is another day than the one kept).
 */
export const TODAY_HOME_ADDRESS = /^(#\/?|#\/recommendations\/?)?$/;

/** After this long the copy goes even if the app never replaced it (a failed start shows what the app shows). */
export const FIRST_SCREEN_LONGEST_MS = 30_000;

/** Marks an element that only the kept copy shows (the '마지막으로 받은 추천' beside a fresh outfit). */
export const KEPT_COPY_ONLY = 'data-kept-copy-only';
