import { Check } from 'lucide-react';
import { useState } from 'react';
import { ko, PLAN_LIMITS, type ClothesDto } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { ClothesPhoto } from '@/components/ui/clothes-tile';
import { Dialog, DialogBody, DialogCancel, DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { availableOn, planDayTitle } from '@/features/plans/utils/plan-dates';
import { cn } from '@/utils/cn';

interface ClosetPickerDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  date: string;
  closet: ClothesDto[] | undefined;
  closetError: string | null;
  /** The day's planned pieces, chosen at the start. */
  initial: readonly string[];
  saving: boolean;
  onSave(clothesIds: string[]): void;
}

/**
 * '옷장에서 고르기': the pieces that can be worn on the date (not away that day), up to ten chosen, as checkboxes
 * with their photos. The dialog's content unmounts on close, so the choice starts from the plan each time.
 */
export function ClosetPickerDialog(props: ClosetPickerDialogProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={ko.plans.pickerTitle(planDayTitle(props.date))}
      description={ko.plans.pickerDescription}
      width={720}
    >
      <PickerContent {...props} />
    </Dialog>
  );
}

function PickerContent({ date, closet, closetError, initial, saving, onSave }: ClosetPickerDialogProps) {
  const available = (closet ?? []).filter((c) => availableOn(c, date));
  const [chosen, setChosen] = useState<string[]>(() =>
    initial.filter((id) => closet === undefined || available.some((c) => c.id === id)),
  );
  // A planned piece away that day (or not loaded yet when the dialog opened) is not sent.
  const picked = chosen.filter((id) => available.some((c) => c.id === id));
  const full = picked.length >= PLAN_LIMITS.clothesMax;
  const toggle = (id: string) =>
    setChosen((now) => (now.includes(id) ? now.filter((x) => x !== id) : full ? now : [...now, id]));

  return (
    <>
      <DialogBody>
        {closet === undefined && !closetError ? (
          <div className="flex justify-center py-10">
            <Spinner label={ko.plans.pickerLoading} />
          </div>
        ) : closetError ? (
          <p role="alert" className="py-6 text-center text-[15px] text-red-600">
            {closetError}
          </p>
        ) : available.length === 0 ? (
          <p className="py-10 text-center text-[15px] text-ink-soft">{ko.plans.pickerEmpty}</p>
        ) : (
          <fieldset>
            <legend className="sr-only">{ko.plans.piecesOf(planDayTitle(date))}</legend>
            <ul className="grid grid-cols-3 gap-2 pb-2 sm:grid-cols-4 sm:gap-3">
              {available.map((c) => {
                const checked = picked.includes(c.id);
                return (
                  <li key={c.id}>
                    <label
                      className={cn(
                        'relative flex cursor-pointer flex-col overflow-hidden rounded-xl border-2 bg-white has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-300',
                        checked ? 'border-brand-600' : 'border-line',
                        !checked && full && 'cursor-not-allowed opacity-60',
                      )}
                    >
                      <input
                        type="checkbox"
                        className="absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
                        checked={checked}
                        disabled={!checked && full}
                        onChange={() => toggle(c.id)}
                      />
                      <span aria-hidden className="aspect-square w-full bg-surface-soft">
                        <ClothesPhoto src={c.thumbnailUrl ?? c.imageUrl} alt="" />
                      </span>
                      <span className="line-clamp-2 px-2 py-1.5 text-[13px] font-bold break-keep text-ink">
                        {c.name}
                      </span>
                      {checked ? (
                        <span className="absolute top-1.5 right-1.5 flex size-6 items-center justify-center rounded-full bg-brand-600 text-white">
                          <Check className="size-4" aria-hidden />
                        </span>
                      ) : null}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
      </DialogBody>
      <DialogFooter className="justify-between">
        <p className="text-sm text-ink-soft tabular-nums" aria-live="polite">
          {ko.plans.pickerCount(picked.length)}
        </p>
        <div className="flex gap-2">
          <DialogCancel>
            <Button variant="outline">{ko.common.cancel}</Button>
          </DialogCancel>
          <Button disabled={picked.length === 0 || saving} onClick={() => onSave(picked)}>
            {ko.common.save}
          </Button>
        </div>
      </DialogFooter>
    </>
  );
}
