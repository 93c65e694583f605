import { ImagePlus } from 'lucide-react';
import { useId, useRef } from 'react';
import { LIMITS, ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { cn } from '@/utils/cn';

interface PhotoDropZoneProps {
  /** Drafts already made; the count shows against LIMITS.clothesBulkAddMax. */
  count: number;
  /** Files are being dragged over the dialog (it takes drops anywhere in its body). */
  dragging: boolean;
  disabled: boolean;
  onFiles(files: File[]): void;
}

/**
 * Where the bulk add's photos come from: a button opening the file chooser (several images at once; on a phone,
 * the camera roll) and, on a desktop, a drop anywhere in the dialog. Large while nothing is chosen, a row after.
 */
export function PhotoDropZone({ count, dragging, disabled, onFiles }: PhotoDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const empty = count === 0;
  return (
    <div
      className={cn(
        'flex rounded-2xl border-2 border-dashed bg-surface-soft transition-colors',
        empty
          ? 'min-h-52 flex-col items-center justify-center gap-3 px-6 py-8 text-center'
          : 'flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3',
        dragging ? 'border-brand-400 bg-brand-50' : 'border-line',
      )}
    >
      {empty ? (
        <span className="flex size-12 items-center justify-center rounded-2xl bg-white text-brand-500 shadow-sm">
          <ImagePlus className="size-6" aria-hidden />
        </span>
      ) : null}
      {/* In the row, the hint takes a line of its own once the screen is too narrow to hold it beside the button. */}
      <p id={hintId} className={cn('text-sm text-ink-muted', !empty && 'min-w-56 flex-1')}>
        {ko.clothes.analysis.dropHint(LIMITS.clothesBulkAddMax)}
      </p>
      <div className="flex items-center gap-3">
        {empty ? null : (
          <span className="text-sm font-bold text-ink-soft">
            {ko.clothes.analysis.photoCount(count, LIMITS.clothesBulkAddMax)}
          </span>
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || count >= LIMITS.clothesBulkAddMax}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          <ImagePlus className="size-4" aria-hidden />
          {ko.clothes.analysis.choosePhotos}
        </Button>
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        tabIndex={-1}
        disabled={disabled}
        aria-label={ko.clothes.analysis.choosePhotos}
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          // The same photos may be chosen again (two drafts of one photo are fine).
          event.target.value = '';
        }}
      />
    </div>
  );
}
