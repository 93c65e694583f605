import { Plus } from 'lucide-react';
import { LIMITS, ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { useDebouncedSearch } from '@/hooks/use-debounced-search';

/** Admin searches wait this long after the last key stroke (docs/product.md §9). */
export const ATTRIBUTE_SEARCH_DEBOUNCE_MS = 500;

interface AttributesToolbarProps {
  applied: string | undefined;
  onSearch(keywordLike: string | undefined): void;
  onAdd(): void;
}

/** Keyword search (debounced) and the '속성 추가' button. */
export function AttributesToolbar({ applied, onSearch, onAdd }: AttributesToolbarProps) {
  const [text, setText] = useDebouncedSearch(applied, onSearch, ATTRIBUTE_SEARCH_DEBOUNCE_MS);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SearchInput
        label={ko.attributes.searchPlaceholder}
        placeholder={ko.attributes.searchPlaceholder}
        value={text}
        maxLength={LIMITS.searchMaxLength}
        onChange={(event) => setText(event.target.value)}
        className="min-w-64 flex-1"
      />
      <Button onClick={onAdd}>
        <Plus className="size-4" aria-hidden />
        {ko.attributes.add}
      </Button>
    </div>
  );
}
