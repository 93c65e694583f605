import { X } from 'lucide-react';
import { useId, useRef, type KeyboardEvent } from 'react';
import { LIMITS, ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { addOption, removeOption } from '@/features/clothes/utils/attribute-options';
import { cn } from '@/utils/cn';
import { isComposing } from '@/utils/enter-key';

interface OptionEditorProps {
  options: string[];
  onChange(options: string[]): void;
  /** The text typed but not added yet; the dialog adds it on save. */
  draft: string;
  onDraftChange(draft: string): void;
  /** A duplicate or the "at least one option" message. */
  error: string | null;
  onError(error: string | null): void;
  disabled?: boolean;
}

/** Selectable values: type one and press Enter (not while an IME is composing) or 추가; chips remove them. */
export function OptionEditor({
  options,
  onChange,
  draft,
  onDraftChange,
  error,
  onError,
  disabled = false,
}: OptionEditorProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());

  function commit() {
    const result = addOption(options, draft);
    onError(result.error);
    if (result.added) {
      onChange(result.options);
      onDraftChange('');
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // The Enter that ends a Hangul syllable belongs to the IME; adding then would split or double the value.
    if (isComposing(event)) return;
    event.preventDefault();
    commit();
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-bold text-ink-soft">
        {ko.attributes.optionLabel}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          maxLength={LIMITS.attributeOptionMax}
          disabled={disabled}
          placeholder={ko.attributes.optionPlaceholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            onDraftChange(event.target.value);
            if (error) onError(null);
          }}
          onKeyDown={onKeyDown}
          className={cn(
            'h-12 min-w-0 flex-1 rounded-xl border bg-white px-4 text-[15px] text-ink placeholder:text-ink-muted',
            'focus:border-brand-500 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-100 disabled:bg-surface',
            error ? 'border-red-400' : 'border-line',
          )}
        />
        <Button variant="outline" className="h-12" disabled={disabled} onClick={commit}>
          {ko.attributes.addOption}
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="text-[13px] text-red-600">
          {error}
        </p>
      ) : null}
      {options.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={ko.attributes.optionLabel}>
          {options.map((option, index) => (
            <li
              key={option}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-700"
            >
              {option}
              <button
                type="button"
                ref={(node) => {
                  if (node) removeButtons.current.set(option, node);
                  else removeButtons.current.delete(option);
                }}
                disabled={disabled}
                aria-label={ko.attributes.removeOption(option)}
                onClick={() => {
                  // Keep the keyboard near: focus the next chip's remove button, else the input.
                  const next = options[index + 1] ?? options[index - 1];
                  onChange(removeOption(options, option));
                  const target = next ? removeButtons.current.get(next) : undefined;
                  (target ?? document.getElementById(id))?.focus();
                }}
                className="flex size-6 items-center justify-center rounded-full hover:bg-brand-100"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-[13px] text-ink-muted">{ko.attributes.optionsEmpty}</p>
      )}
    </div>
  );
}
