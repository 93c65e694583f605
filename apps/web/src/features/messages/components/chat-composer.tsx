import { SendHorizontal } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { LIMITS, ko } from '@otboo/contract';
import { cn } from '@/utils/cn';

interface ChatComposerProps {
  /** Sending needs a live connection (spec §5 "Direct message"). */
  connected: boolean;
  /** Sends the trimmed text; true when it went out (the input then empties). */
  onSend(content: string): boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/**
 * The message input: the send button is disabled while the trimmed text is empty or the connection is
 * down; Enter without Shift sends, except while a Hangul syllable is being composed; Shift+Enter breaks the line.
 */
export function ChatComposer({ connected, onSend, inputRef }: ChatComposerProps) {
  const [text, setText] = useState('');
  const content = text.trim();
  const canSend = connected && content.length > 0;

  function send() {
    if (!canSend) return;
    if (onSend(content)) setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // keyCode 229: the key went to the input method (Safari reports the composing Enter this way).
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send();
  }

  return (
    <form onSubmit={onSubmit} className="flex shrink-0 items-end gap-2 border-t border-line bg-white px-4 py-3">
      <textarea
        ref={inputRef}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        rows={1}
        maxLength={LIMITS.messageMax}
        aria-label={ko.messages.inputLabel}
        placeholder={ko.messages.inputPlaceholder}
        className="max-h-32 min-h-11 flex-1 resize-none rounded-xl border border-line bg-surface-soft px-4 py-2.5 text-[15px] text-ink [field-sizing:content] placeholder:text-ink-muted focus:border-brand-500 focus:bg-white focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-100"
      />
      <button
        type="submit"
        disabled={!canSend}
        aria-label={ko.messages.send}
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
