/**
 * The value the surrounding code guarantees (a row an INSERT … RETURNING gave back, the entry of a key just
 * checked); when the guarantee breaks, an Error saying which, answered as a 500 like any other bug.
 */
export function must<T>(value: T | null | undefined, why: string): T {
  if (value === null || value === undefined) throw new Error(`Broken invariant: ${why}`);
  return value;
}
