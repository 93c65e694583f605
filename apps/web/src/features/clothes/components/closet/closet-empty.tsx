import { Plus, SearchX, Shirt } from 'lucide-react';
import { ko, type ClothesType } from '@otboo/contract';
import { Button } from '@/components/ui/button';

/** The wardrobe has nothing yet: invite the first garment (docs/product.md §2). */
export function EmptyWardrobe({ onAdd }: { onAdd(): void }) {
  return (
    <div className="flex flex-col items-center justify-center gap-4 rounded-[var(--radius-card)] border border-dashed border-line bg-surface-soft px-6 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-500">
        <Shirt className="size-8" aria-hidden />
      </span>
      <div className="flex flex-col gap-1.5">
        <p className="text-lg font-bold text-ink">{ko.clothes.emptyWardrobe}</p>
        <p className="text-[15px] text-ink-muted">{ko.clothes.emptyWardrobeHint}</p>
      </div>
      <Button onClick={onAdd}>
        <Plus className="size-4" aria-hidden />
        {ko.clothes.add}
      </Button>
    </div>
  );
}

interface NoFilterResultsProps {
  /** The name searched, if any. */
  keyword: string | undefined;
  /** The type tab chosen, if any. */
  type: ClothesType | undefined;
  onClearSearch(): void;
  onShowAllTypes(): void;
}

/**
 * Filters with no match (docs/product.md §2). A type tab alone keeps the spec's words ('다른 카테고리를
 * 선택해보세요.'); a name search says what was searched and offers to clear it (and, inside a type, to search all).
 */
export function NoFilterResults({ keyword, type, onClearSearch, onShowAllTypes }: NoFilterResultsProps) {
  const title = !keyword
    ? ko.clothes.noResults
    : type
      ? ko.clothes.noMatchIn(ko.clothes.types[type], keyword)
      : ko.clothes.noMatch(keyword);
  const hint = !keyword ? ko.clothes.noResultsHint : type ? ko.clothes.noMatchInHint : ko.clothes.noMatchHint;
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-6 py-20 text-center">
      <SearchX className="size-10 text-ink-muted" aria-hidden />
      <p className="text-base font-bold break-all text-ink-soft">{title}</p>
      <p className="text-[15px] text-ink-muted">{hint}</p>
      {keyword ? (
        <div className="mt-1 flex flex-wrap justify-center gap-2">
          {type ? (
            <Button variant="outline" size="sm" onClick={onShowAllTypes}>
              {ko.clothes.searchAll}
            </Button>
          ) : null}
          <Button variant={type ? 'ghost' : 'outline'} size="sm" onClick={onClearSearch}>
            {ko.clothes.clearSearch}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
