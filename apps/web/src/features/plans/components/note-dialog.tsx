import { useState } from 'react';
import { ko, PLAN_LIMITS } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogCancel, DialogFooter } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { planDayTitle } from '@/features/plans/utils/plan-dates';

interface NoteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  date: string;
  note: string | null;
  saving: boolean;
  onSave(note: string | null): void;
}

/** The day's note ('결혼식', '등산'): up to 100 characters; an empty one clears it. */
export function NoteDialog(props: NoteDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={ko.plans.editNote} width={440}>
      <NoteForm {...props} />
    </Dialog>
  );
}

function NoteForm({ date, note, saving, onSave }: NoteDialogProps) {
  const [text, setText] = useState(note ?? '');
  return (
    <form
      className="contents"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(text.trim() ? text.trim() : null);
      }}
    >
      <DialogBody className="pb-4">
        <TextField
          label={ko.plans.noteLabel(planDayTitle(date))}
          value={text}
          maxLength={PLAN_LIMITS.noteMax}
          placeholder={ko.plans.notePlaceholder}
          onChange={(e) => setText(e.target.value)}
        />
      </DialogBody>
      <DialogFooter>
        <DialogCancel>
          <Button variant="outline">{ko.common.cancel}</Button>
        </DialogCancel>
        <Button type="submit" disabled={saving}>
          {ko.plans.saveNote}
        </Button>
      </DialogFooter>
    </form>
  );
}
