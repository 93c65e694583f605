import { SendHorizontal } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { LIMITS, ko } from '@otboo/contract';
import { cn } from '@/utils/cn';
import { isSendEnter } from '@/utils/enter-key';

interface CommentFormProps {
  disabled?: boolean;
  /** Posts the trimmed text; resolves true when it was saved (the input then empties). */
  onSubmit(content: string): Promise<boolean>;
}

/**
 * The comment input: Enter without Shift sends (not while a Hangul syllable is still being composed),
 * Shift+Enter breaks the line, and only trimmed, non-empty text is sent (spec §5).
 */
export function CommentForm({ disabled = false, onSubmit }: CommentFormProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const content = text.trim();
  const canSend = !disabled && !sending && content.length > 0;

  async function send() {
    if (!canSend) return;
    setSending(true);
    const saved = await onSubmit(content);
    setSending(false);
    if (saved) setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!isSendEnter(event)) return;
    event.preventDefault();
    void send();
  }

  function onFormSubmit(event: FormEvent) {
    event.preventDefault();
    void send();
  }

  return (
    <form onSubmit={onFormSubmit} className="flex shrink-0 items-end gap-2 border-t border-line px-4 py-3">
      <textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        rows={1}
        maxLength={LIMITS.commentMax}
        disabled={disabled}
        aria-label={ko.feeds.commentLabel}
        placeholder={ko.feeds.commentPlaceholder}
        className="max-h-28 min-h-11 flex-1 resize-none rounded-xl border border-line bg-surface-soft px-4 py-2.5 text-sm text-ink [field-sizing:content] placeholder:text-ink-muted focus:border-brand-500 focus:bg-white focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-100"
      />
      <button
        type="submit"
        disabled={!canSend}
        aria-label={ko.feeds.commentSubmit}
        className={cn(
          'flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-500 text-white transition-colors hover:bg-brand-600',
          'disabled:cursor-not-allowed disabled:bg-brand-200',
        )}
      >
        <SendHorizontal className="size-5" aria-hidden />
      </button>
    </form>
  );
}
