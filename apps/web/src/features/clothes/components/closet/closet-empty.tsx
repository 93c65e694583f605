import { Plus, SearchX, Shirt } from 'lucide-react';
import { ko } from '@otboo/contract';
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

/** A filter with no match (docs/product.md §2): suggest another category. */
export function NoFilterResults() {
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-6 py-20 text-center">
      <SearchX className="size-10 text-ink-muted" aria-hidden />
      <p className="text-base font-bold text-ink-soft">{ko.clothes.noResults}</p>
      <p className="text-[15px] text-ink-muted">{ko.clothes.noResultsHint}</p>
    </div>
  );
}
