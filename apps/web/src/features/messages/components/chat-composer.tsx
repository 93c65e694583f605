import { useState, type Ref } from 'react';
import { LIMITS, ko } from '@otboo/contract';
import { Composer } from '@/components/ui/composer';

interface ChatComposerProps {
  /** Sending needs a live connection (docs/product.md §5 "Direct message"). */
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

  return (
    <Composer
      value={text}
      onChange={setText}
      onSend={send}
      canSend={canSend}
      maxLength={LIMITS.messageMax}
      label={ko.messages.inputLabel}
      placeholder={ko.messages.inputPlaceholder}
      sendLabel={ko.messages.send}
      inputRef={inputRef}
      className="bg-white"
      inputClassName="max-h-32 text-[15px]"
    />
  );
}
