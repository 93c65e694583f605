import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/**
 * The text of a search box whose trimmed value is reported `delayMs` after the last key stroke, unless the
 * list is already filtered by it; a blank box reports undefined (no filter).
 */
export function useDebouncedSearch(
  applied: string | undefined,
  onSearch: (value: string | undefined) => void,
  delayMs: number,
): [text: string, setText: (text: string) => void] {
  const [text, setText] = useState(applied ?? '');
  const debounced = useDebouncedValue(text.trim(), delayMs);
  const current = applied ?? '';

  useEffect(() => {
    if (debounced !== current) onSearch(debounced === '' ? undefined : debounced);
  }, [debounced, current, onSearch]);

  return [text, setText];
}
