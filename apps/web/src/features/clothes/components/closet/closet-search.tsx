import { LIMITS, ko } from '@otboo/contract';
import { SearchInput } from '@/components/ui/search-input';
import { useDebouncedSearch } from '@/hooks/use-debounced-search';

/** Search waits this long after the last key stroke, as the feed search does (docs/product.md §9). */
export const CLOSET_SEARCH_DEBOUNCE_MS = 300;

interface ClosetSearchProps {
  /** The search box's id (the closet focuses it after clearing the search). */
  id?: string;
  /** The keyword the list is filtered by now. */
  applied: string | undefined;
  onChange(keywordLike: string | undefined): void;
}

/** Search by garment name (keywordLike), debounced. */
export function ClosetSearch({ id, applied, onChange }: ClosetSearchProps) {
  const [text, setText] = useDebouncedSearch(applied, onChange, CLOSET_SEARCH_DEBOUNCE_MS);
  return (
    <SearchInput
      id={id}
      label={ko.clothes.searchPlaceholder}
      placeholder={ko.clothes.searchPlaceholder}
      value={text}
      maxLength={LIMITS.searchMaxLength}
      onChange={(event) => setText(event.target.value)}
      className="w-full max-w-sm"
    />
  );
}
