/**
 * A notification's quote of what someone wrote (a message, a comment): on one line, cut to `maxChars`
 * characters (code points, so an emoji is never split) with an ellipsis.
 */
export function oneLinePreview(text: string, maxChars: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > maxChars ? `${chars.slice(0, maxChars).join('')}…` : chars.join('');
}
