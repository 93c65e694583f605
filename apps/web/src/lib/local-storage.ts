/** localStorage, or null where it cannot be used (some private modes and web views throw on access). */
export function localStorageOrNull(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
