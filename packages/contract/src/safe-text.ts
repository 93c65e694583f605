import { z } from 'zod';
import { ko } from './texts.ko.js';

/**
 * Characters no text field of a request accepts (docs/security.md, input rules): NUL, which PostgreSQL text
 * cannot hold; the other C0 controls except tab and line feed, DEL and the C1 controls, which are invisible;
 * the bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069), which make text display
 * in another order than it is stored; and lone surrogates, which are not text at all. A carriage return is a
 * control too: multi-line texts turn CRLF into LF first (`multilineText`). With the `u` flag a surrogate pair
 * is one code point, so the last class matches only a lone half. One pass, no backtracking.
 */
export const UNSAFE_TEXT_PATTERN =
  // eslint-disable-next-line no-control-regex -- finding control characters is what it is for
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;

/** True when `value` has none of the characters of `UNSAFE_TEXT_PATTERN`. */
export const isSafeText = (value: string) => !UNSAFE_TEXT_PATTERN.test(value);

/**
 * The one string rule of the contract: every string field of every request schema carries this check
 * (`.check(safeText)`); a contract test walks the request schemas and fails on a string without it.
 */
export const safeText = z.refine<string>(isSafeText, { message: ko.validation.textInvalidCharacter });

/** CRLF and lone CR → LF, so text typed on any system passes `safeText` and is stored one way. */
export const normalizeNewlines = (value: string) => value.replace(/\r\n?/g, '\n');

/**
 * A trimmed multi-line text (feed content, comments, direct messages): newlines normalized, then required,
 * bounded and checked with `safeText`.
 */
export function multilineText(max: number, required: string, tooLong: string) {
  return z
    .string({ message: required })
    .overwrite(normalizeNewlines)
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .check(safeText);
}
