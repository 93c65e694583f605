import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { colourDefinitionOf, ko, type ClothesDto } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogBody, DialogFooter } from '@/components/ui/dialog';
import { ApplyToAll } from '@/features/clothes/components/bulk-add/apply-to-all';
import { DraftCard, draftNameId } from '@/features/clothes/components/bulk-add/draft-card';
import { PhotoDropZone } from '@/features/clothes/components/bulk-add/photo-drop-zone';
import { SaveProgress } from '@/features/clothes/components/bulk-add/save-progress';
import { useAttributeDefinitions } from '@/features/clothes/hooks/use-attribute-definitions';
import { analysing, useBulkDrafts } from '@/features/clothes/hooks/use-bulk-drafts';
import { toast } from '@/lib/toast';

interface BulkAddDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The signed-in user; without one, saving only says that a login is needed. */
  ownerId: string | undefined;
  /** Each garment as it is created (the closet puts it first in its lists). */
  onSaved(clothes: ClothesDto): void;
}

/**
 * '여러 벌 한번에 추가' (docs/api.md §9.5): photos in, one draft each, '모두 저장'. The drafts live here, outside the
 * dialog's content, so closing by mistake loses nothing: a close with drafts left asks first, and a draft that
 * failed to save stays with its error while the others go.
 */
export function BulkAddDialog({ open, onOpenChange, ownerId, onSaved }: BulkAddDialogProps) {
  const { definitions } = useAttributeDefinitions();
  const colour = colourDefinitionOf(definitions);
  const others = useMemo(() => definitions.filter((d) => d !== colour), [definitions, colour]);
  const bulk = useBulkDrafts(colour?.id ?? null);
  const { drafts, notice, progress, applied } = bulk.state;
  const [confirming, setConfirming] = useState(false);
  const [dragging, setDragging] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const saving = progress !== null;

  useLeaveWarning(drafts.length > 0);

  const { remove: removeDraft, removePhoto: removeDraftPhoto } = bulk;
  // Focus stays in the list: on the next draft's name field once one is removed (the last: the photo button).
  const remove = useCallback(
    (key: string) => {
      const item = document.getElementById(draftNameId(key))?.closest('li');
      const neighbour = (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector('input');
      removeDraft(key);
      if (neighbour) neighbour.focus();
      else body.current?.querySelector<HTMLElement>('button')?.focus();
    },
    [removeDraft],
  );
  const removePhoto = useCallback(
    (key: string) => {
      removeDraftPhoto(key);
      document.getElementById(draftNameId(key))?.focus();
    },
    [removeDraftPhoto],
  );

  function changeOpen(next: boolean) {
    if (next) onOpenChange(true);
    else if (saving) return;
    else if (drafts.length > 0) setConfirming(true);
    else onOpenChange(false);
  }

  function discard() {
    bulk.discard();
    setConfirming(false);
    onOpenChange(false);
  }

  async function saveAll() {
    if (!ownerId) {
      toast.error(ko.clothes.loginRequired);
      return;
    }
    const { saved, left } = await bulk.saveAll(ownerId, onSaved);
    if (left === 0) {
      toast.success(ko.clothes.analysis.bulkAdded(saved));
      onOpenChange(false);
      return;
    }
    if (saved > 0) toast.warning(ko.clothes.analysis.bulkPartlyAdded(saved, left));
    else toast.error(ko.clothes.addFailed);
    // The keyboard goes to the first draft that needs the user, once React has shown the errors.
    setTimeout(() => body.current?.querySelector<HTMLElement>('[data-problem] input')?.focus(), 0);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!saving) bulk.addFiles(Array.from(event.dataTransfer.files));
  }

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={ko.clothes.analysis.bulkAddTitle}
      description={ko.clothes.analysis.bulkAddHint}
      width={1040}
      // As tall as the drop zone while empty; the drafts then get the room of a full dialog.
      height={drafts.length > 0 ? 880 : undefined}
    >
      <DialogBody className="flex flex-col gap-4 pt-1">
        <div
          ref={body}
          className="flex flex-col gap-4"
          onDragOver={(event) => {
            event.preventDefault();
            if (!saving) setDragging(true);
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={onDrop}
        >
          <PhotoDropZone
            count={drafts.length}
            dragging={dragging}
            disabled={saving}
            onFiles={bulk.addFiles}
          />
          {notice ? (
            <p role="status" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800">
              {notice}
            </p>
          ) : null}
          {drafts.length > 1 ? (
            <ApplyToAll
              definitions={definitions}
              disabled={saving}
              applied={applied}
              onApply={bulk.applyToAll}
            />
          ) : null}
          {drafts.length > 0 ? (
            <ol
              aria-label={ko.clothes.analysis.bulkAddTitle}
              className="grid grid-cols-1 items-start gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3"
            >
              {drafts.map((draft, index) => (
                <li key={draft.key} data-problem={draft.photoError || draft.error ? '' : undefined}>
                  <DraftCard
                    draft={draft}
                    number={index + 1}
                    colour={colour}
                    others={others}
                    disabled={saving}
                    onEdit={bulk.edit}
                    onRemove={remove}
                    onRemovePhoto={removePhoto}
                  />
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      </DialogBody>
      <DialogFooter className="gap-3">
        {progress ? (
          <SaveProgress done={progress.done} total={progress.total} />
        ) : (
          <span className="flex-1" />
        )}
        <Button variant="secondary" disabled={saving} onClick={() => changeOpen(false)}>
          {ko.common.cancel}
        </Button>
        <Button
          disabled={drafts.length === 0 || saving || analysing(bulk.state)}
          onClick={() => void saveAll()}
        >
          {ko.clothes.analysis.saveAll}
        </Button>
      </DialogFooter>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={ko.clothes.analysis.discardTitle}
        description={ko.clothes.analysis.discardConfirm(drafts.length)}
        confirmLabel={ko.clothes.analysis.discard}
        onConfirm={discard}
      />
    </Dialog>
  );
}

/** While drafts are unsaved, leaving or reloading the page asks the browser's own question first. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
