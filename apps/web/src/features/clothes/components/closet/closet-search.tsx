import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LIMITS, ko } from '@otboo/contract';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** Search waits this long after the last key stroke, as the feed search does (spec §9). */
export const CLOSET_SEARCH_DEBOUNCE_MS = 300;

interface ClosetSearchProps {
  /** The keyword the list is filtered by now. */
  applied: string | undefined;
  onChange(keywordLike: string | undefined): void;
}

/** Search by garment name (keywordLike), debounced. */
export function ClosetSearch({ applied, onChange }: ClosetSearchProps) {
  const [text, setText] = useState(applied ?? '');
  const debounced = useDebouncedValue(text.trim(), CLOSET_SEARCH_DEBOUNCE_MS);
  const current = applied ?? '';

  useEffect(() => {
    if (debounced !== current) onChange(debounced === '' ? undefined : debounced);
  }, [debounced, current, onChange]);

  return (
    <label className="relative w-full max-w-sm">
      <span className="sr-only">{ko.clothes.searchPlaceholder}</span>
      <Search
        className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-ink-muted"
        aria-hidden
      />
      <input
        type="search"
        value={text}
        maxLength={LIMITS.searchMaxLength}
        onChange={(event) => setText(event.target.value)}
        placeholder={ko.clothes.searchPlaceholder}
        className="h-11 w-full rounded-xl border border-line bg-white pr-4 pl-11 text-[15px] placeholder:text-ink-muted focus:border-brand-500 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-100"
      />
    </label>
  );
}
