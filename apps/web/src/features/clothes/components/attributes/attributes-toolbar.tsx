import { Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LIMITS, ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** Admin searches wait this long after the last key stroke (spec §9). */
export const ATTRIBUTE_SEARCH_DEBOUNCE_MS = 500;

interface AttributesToolbarProps {
  applied: string | undefined;
  onSearch(keywordLike: string | undefined): void;
  onAdd(): void;
}

/** Keyword search (debounced) and the '속성 추가' button. */
export function AttributesToolbar({ applied, onSearch, onAdd }: AttributesToolbarProps) {
  const [text, setText] = useState(applied ?? '');
  const debounced = useDebouncedValue(text.trim(), ATTRIBUTE_SEARCH_DEBOUNCE_MS);
  const current = applied ?? '';

  useEffect(() => {
    if (debounced !== current) onSearch(debounced === '' ? undefined : debounced);
  }, [debounced, current, onSearch]);

  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className="relative min-w-64 flex-1">
        <span className="sr-only">{ko.attributes.searchPlaceholder}</span>
        <Search
          className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-ink-muted"
          aria-hidden
        />
        <input
          type="search"
          value={text}
          maxLength={LIMITS.searchMaxLength}
          onChange={(event) => setText(event.target.value)}
          placeholder={ko.attributes.searchPlaceholder}
          className="h-11 w-full rounded-xl border border-line bg-white pr-4 pl-11 text-[15px] placeholder:text-ink-muted focus:border-brand-500 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-100"
        />
      </label>
      <Button onClick={onAdd}>
        <Plus className="size-4" aria-hidden />
        {ko.attributes.add}
      </Button>
    </div>
  );
}
