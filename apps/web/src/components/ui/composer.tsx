import { SendHorizontal } from 'lucide-react';
import type { FormEvent, KeyboardEvent, Ref } from 'react';
import { cn } from '@/utils/cn';
import { isSendEnter } from '@/utils/enter-key';

interface ComposerProps {
  value: string;
  onChange(value: string): void;
  /** Called by the send button and by Enter (without Shift, not while a Hangul syllable is being composed). */
  onSend(): void;
  canSend: boolean;
  maxLength: number;
  label: string;
  placeholder: string;
  sendLabel: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
  className?: string;
  inputClassName?: string;
}

/** A growing text box with a send button, at the bottom of comments and chats; Shift+Enter breaks the line. */
export function Composer({
  value,
  onChange,
  onSend,
  canSend,
  maxLength,
  label,
  placeholder,
  sendLabel,
  disabled = false,
  inputRef,
  className,
  inputClassName,
}: ComposerProps) {
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!isSendEnter(event)) return;
    event.preventDefault();
    onSend();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onSend();
  }

  return (
    <form
      onSubmit={onSubmit}
      className={cn('flex shrink-0 items-end gap-2 border-t border-line px-4 py-3', className)}
    >
      <textarea
        ref={inputRef}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        rows={1}
        maxLength={maxLength}
        disabled={disabled}
        aria-label={label}
        placeholder={placeholder}
        className={cn(
          'min-h-11 flex-1 resize-none rounded-xl border border-line bg-surface-soft px-4 py-2.5 text-ink [field-sizing:content]',
          'placeholder:text-ink-muted focus:border-brand-500 focus:bg-white focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-100',
          inputClassName,
        )}
      />
      <button
        type="submit"
        disabled={!canSend}
        aria-label={sendLabel}
        className={cn(
          'flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white transition-colors hover:bg-brand-700',
          'disabled:cursor-not-allowed disabled:bg-brand-200',
        )}
      >
        <SendHorizontal className="size-5" aria-hidden />
      </button>
    </form>
  );
}
