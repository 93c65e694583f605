import { useQueryClient } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { LIMITS, ko, type FeedDto, type OotdDto } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogCancel, DialogFooter } from '@/components/ui/dialog';
import { createFeed } from '@/features/feeds/api/create-feed';
import { checkOotd } from '@/features/feeds/utils/ootd-form';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { writeErrorText } from '@/utils/error-text';

export interface OotdDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The signed-in user. */
  authorId: string | null | undefined;
  /** The forecast day the outfit is for. */
  weatherId: string | null | undefined;
  /** The recommended outfit that the feed shows. */
  clothes: OotdDto[] | null | undefined;
  /** The success toast's '등록된 피드 확인' was pressed. */
  onViewFeed(feed: FeedDto): void;
}

/**
 * 'OOTD 등록하기' (spec §2, §5): a description for the recommended outfit, posted as a feed for the selected
 * day. Radix unmounts the form when the dialog closes, so every opening starts empty (spec §4).
 */
export function OotdDialog({ open, onOpenChange, ...form }: OotdDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={ko.feeds.ootdTitle}>
      <OotdForm {...form} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function OotdForm({
  authorId,
  weatherId,
  clothes,
  onViewFeed,
  onDone,
}: Omit<OotdDialogProps, 'open' | 'onOpenChange'> & { onDone(): void }) {
  const queryClient = useQueryClient();
  const [content, setContent] = useState('');
  const [error, setError] = useState<{ text: string; field: 'content' | null } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const contentId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const checked = checkOotd({ authorId, weatherId, clothes, content });
    if (!checked.ok) {
      setError({ text: checked.error, field: checked.field });
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const feed = await createFeed(checked.request);
      // Where the new feed belongs in each list depends on its filters: the lists load again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.feeds.lists() });
      toast.success(ko.feeds.created, { label: ko.feeds.viewCreated, onClick: () => onViewFeed(feed) });
      onDone();
    } catch (failure) {
      console.error(failure);
      toast.error(writeErrorText(failure, ko.feeds.createFailed));
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-4 pb-5 sm:px-6">
        {clothes && clothes.length > 0 ? <OutfitPreview clothes={clothes} /> : null}
        <div className="flex flex-col gap-2">
          <label htmlFor={contentId} className="text-[15px] font-bold text-ink">
            {ko.feeds.ootdContentLabel}
          </label>
          <textarea
            id={contentId}
            value={content}
            onChange={(event) => {
              setContent(event.target.value);
              if (error) setError(null);
            }}
            placeholder={ko.feeds.contentPlaceholder}
            maxLength={LIMITS.feedContentMax}
            rows={6}
            // Only the text's own fault marks it: missing weather or clothes are not (docs/product.md §5).
            aria-invalid={error?.field === 'content'}
            aria-describedby={error ? errorId : undefined}
            disabled={submitting}
            className="w-full resize-none rounded-xl border border-line bg-white px-4 py-3 text-[15px] leading-relaxed text-ink outline-none placeholder:text-ink-muted focus:border-brand-500 focus:ring-2 focus:ring-brand-100 aria-invalid:border-red-400 disabled:bg-surface-soft"
          />
          <div className="flex items-start justify-between gap-3 text-sm">
            <p id={errorId} role="alert" className="text-red-600">
              {error?.text}
            </p>
            <span className="shrink-0 text-ink-muted tabular-nums">
              {content.length}/{LIMITS.feedContentMax}
            </span>
          </div>
        </div>
      </div>
      <DialogFooter>
        <DialogCancel>
          <Button variant="outline">{ko.feeds.cancel}</Button>
        </DialogCancel>
        <Button type="submit" disabled={submitting} aria-busy={submitting}>
          {submitting ? ko.feeds.registering : ko.feeds.register}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The garments that go with the post, as small tiles. */
function OutfitPreview({ clothes }: { clothes: OotdDto[] }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-[15px] font-bold text-ink">{ko.feeds.ootdClothes}</p>
      <ul className="flex gap-2.5 overflow-x-auto pb-1" aria-label={ko.feeds.ootdClothes}>
        {clothes.map((item, i) => (
          <li key={item.clothesId ?? i} className="flex w-[76px] shrink-0 flex-col gap-1.5">
            <div className="aspect-square overflow-hidden rounded-xl border border-line bg-surface-soft">
              {item.thumbnailUrl || item.imageUrl ? (
                <img
                  src={item.thumbnailUrl || item.imageUrl || undefined}
                  alt=""
                  className="size-full object-cover"
                />
              ) : (
                <div className="flex size-full items-center justify-center text-ink-muted">
                  <ImageOff className="size-5" aria-hidden />
                </div>
              )}
            </div>
            <span className="truncate text-xs text-ink-soft" title={item.name}>
              {item.name}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
