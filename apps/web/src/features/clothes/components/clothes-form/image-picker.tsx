import { ImagePlus } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { LIMITS, ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { useFilePreview } from '@/hooks/use-file-preview';
import { cn } from '@/utils/cn';
import { firstImage } from '@/utils/image-file';

interface ImagePickerProps {
  /** The photo chosen (or imported) in this dialog; it is uploaded on save. */
  file: File | null;
  /** The saved photo when editing. */
  currentUrl?: string | null;
  onChange(file: File): void;
  onReject(message: string): void;
  disabled?: boolean;
}

/** Garment photos may be up to 10 MB (docs/product.md §5). */
const PHOTO_LIMIT = { maxBytes: LIMITS.clothesImageMaxBytes, tooLarge: ko.clothes.imageTooLarge };

/** Chooses the garment photo by button or drop: image files only, the first one (docs/product.md §5), with a preview. */
export function ImagePicker({
  file,
  currentUrl = null,
  onChange,
  onReject,
  disabled = false,
}: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const preview = useFilePreview(file);
  const shown = preview ?? (file ? null : currentUrl);

  function take(files: FileList | null) {
    const { file: chosen, error } = firstImage(files, PHOTO_LIMIT);
    if (error) onReject(error);
    else if (chosen) onChange(chosen);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  }

  return (
    <div className="flex flex-col gap-2">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'relative flex w-full max-w-[550px] items-center justify-center overflow-hidden rounded-2xl border-2 border-dashed bg-surface-soft transition-colors',
          shown ? 'border-transparent' : 'min-h-44',
          dragging ? 'border-brand-400 bg-brand-50' : 'border-line',
        )}
      >
        {shown ? (
          <img
            src={shown}
            alt={ko.clothes.previewAlt}
            className="max-h-72 w-full max-w-[550px] object-contain"
          />
        ) : file ? (
          <span className="text-sm text-ink-muted">{ko.common.loading}</span>
        ) : (
          <div className="flex flex-col items-center gap-2 px-6 py-8 text-center">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-white text-brand-500 shadow-sm">
              <ImagePlus className="size-6" aria-hidden />
            </span>
            <p className="text-sm text-ink-muted">{ko.clothes.imageHint}</p>
          </div>
        )}
      </div>
      <div>
        <Button variant="outline" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
          <ImagePlus className="size-4" aria-hidden />
          {file || currentUrl ? ko.clothes.changeImage : ko.clothes.chooseImage}
        </Button>
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        disabled={disabled}
        aria-label={ko.clothes.chooseImage}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}
