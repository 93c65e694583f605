import { useState } from 'react';
import { LIMITS, ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';

interface FeedContentEditorProps {
  initial: string;
  saving: boolean;
  onSave(content: string): void;
  onCancel(): void;
}

/** Edits a feed's text in place; saving needs trimmed, non-empty text that differs from before. */
export function FeedContentEditor({ initial, saving, onSave, onCancel }: FeedContentEditorProps) {
  const [text, setText] = useState(initial);
  const content = text.trim();
  const canSave = !saving && content.length > 0 && content !== initial.trim();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) onSave(content);
      }}
    >
      <textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={4}
        maxLength={LIMITS.feedContentMax}
        autoFocus
        aria-label={ko.feeds.contentLabel}
        className="w-full resize-y rounded-xl border border-line px-4 py-3 text-[15px] text-ink focus:border-brand-500 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-100"
      />
      {content.length === 0 ? <p className="text-[13px] text-red-600">{ko.feeds.contentRequired}</p> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {ko.common.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={!canSave}>
          {saving ? ko.common.saving : ko.common.save}
        </Button>
      </div>
    </form>
  );
}
