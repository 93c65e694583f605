import { useState } from 'react';
import { LIMITS, ko } from '@otboo/contract';
import { Composer } from '@/components/ui/composer';

interface CommentFormProps {
  disabled?: boolean;
  /** Posts the trimmed text; resolves true when it was saved (the input then empties). */
  onSubmit(content: string): Promise<boolean>;
  className?: string;
}

/**
 * The comment input: Enter without Shift sends (not while a Hangul syllable is still being composed),
 * Shift+Enter breaks the line, and only trimmed, non-empty text is sent (spec §5).
 */
export function CommentForm({ disabled = false, onSubmit, className }: CommentFormProps) {
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

  return (
    <Composer
      value={text}
      onChange={setText}
      onSend={() => void send()}
      canSend={canSend}
      maxLength={LIMITS.commentMax}
      disabled={disabled}
      label={ko.feeds.commentLabel}
      placeholder={ko.feeds.commentPlaceholder}
      sendLabel={ko.feeds.commentSubmit}
      className={className}
      inputClassName="max-h-28 text-sm"
    />
  );
}
