import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LIMITS, ko, type AttributeDefDto } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogBody, DialogFooter } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { createAttributeDef } from '@/features/clothes/api/create-attribute-def';
import { deleteAttributeDef } from '@/features/clothes/api/delete-attribute-def';
import { updateAttributeDef } from '@/features/clothes/api/update-attribute-def';
import { OptionEditor } from '@/features/clothes/components/attributes/option-editor';
import { addOption, attributeFormErrors } from '@/features/clothes/utils/attribute-options';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** Closed, adding a new definition, or editing one. */
export type AttributeDialogState =
  { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; definition: AttributeDefDto };

interface AttributeDialogProps {
  state: AttributeDialogState;
  onClose(): void;
  /** A definition was added, changed or deleted: the table reloads. */
  onChanged(): void;
}

/** '속성 추가' / '속성 수정' (600×510, docs/product.md §2): a name and its selectable values; editing can also delete. */
export function AttributeDialog({ state, onClose, onChanged }: AttributeDialogProps) {
  const editing = state.mode === 'edit' ? state.definition : null;
  return (
    <Dialog
      open={state.mode !== 'closed'}
      onOpenChange={(open) => !open && onClose()}
      title={editing ? ko.attributes.editTitle : ko.attributes.addTitle}
      width={600}
      height={510}
    >
      {state.mode !== 'closed' ? (
        <AttributeForm
          key={editing?.id ?? 'new'}
          definition={editing}
          onClose={onClose}
          onChanged={onChanged}
        />
      ) : null}
    </Dialog>
  );
}

interface AttributeFormProps {
  definition: AttributeDefDto | null;
  onClose(): void;
  onChanged(): void;
}

function AttributeForm({ definition, onClose, onChanged }: AttributeFormProps) {
  const [name, setName] = useState(definition?.name ?? '');
  const [options, setOptions] = useState<string[]>(definition?.selectableValues ?? []);
  const [draft, setDraft] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [optionError, setOptionError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const busy = saving || deleting;

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A value still in the input counts, as if Enter had been pressed.
    const pending = addOption(options, draft);
    if (pending.error) {
      setOptionError(pending.error);
      return;
    }
    const errors = attributeFormErrors(name, pending.options);
    setNameError(errors.name);
    setOptionError(errors.options);
    if (errors.name || errors.options) return;
    if (pending.added) {
      setOptions(pending.options);
      setDraft('');
    }

    setSaving(true);
    const request = { name: name.trim(), selectableValues: pending.options };
    try {
      if (definition) await updateAttributeDef(definition.id, request);
      else await createAttributeDef(request);
      toast.success(definition ? ko.attributes.edited : ko.attributes.added);
      onChanged();
      onClose();
    } catch (error) {
      toast.error(definition ? ko.attributes.editFailed : ko.attributes.addFailed);
      // A taken name is the admin's to fix; say so next to the field.
      if (error instanceof ApiError && error.status === 409) setNameError(error.message);
      setSaving(false);
    }
  }

  async function remove() {
    if (!definition) return;
    setDeleting(true);
    try {
      await deleteAttributeDef(definition.id);
      toast.success(ko.attributes.deleted);
      setConfirming(false);
      onChanged();
      onClose();
    } catch {
      toast.error(ko.attributes.deleteFailed);
      setDeleting(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="flex flex-col gap-5">
        <TextField
          label={ko.attributes.nameLabel}
          placeholder={ko.attributes.namePlaceholder}
          value={name}
          maxLength={LIMITS.attributeNameMax}
          disabled={busy}
          error={nameError}
          autoFocus
          onChange={(event) => {
            setName(event.target.value);
            if (nameError && event.target.value.trim() !== '') setNameError(null);
          }}
        />
        <OptionEditor
          options={options}
          onChange={(next) => {
            setOptions(next);
            if (next.length > 0 && optionError === ko.attributes.optionRequired) setOptionError(null);
          }}
          draft={draft}
          onDraftChange={setDraft}
          error={optionError}
          onError={setOptionError}
          disabled={busy}
        />
      </DialogBody>
      <DialogFooter className={definition ? 'justify-between' : undefined}>
        {definition ? (
          <Button
            variant="ghost"
            className="text-red-600 hover:bg-red-50"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            <Trash2 className="size-4" aria-hidden />
            {ko.common.delete}
          </Button>
        ) : null}
        <div className="flex gap-2">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            {ko.common.cancel}
          </Button>
          <Button type="submit" disabled={busy}>
            {saving ? ko.common.saving : ko.common.save}
          </Button>
        </div>
      </DialogFooter>
      {definition ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => !deleting && setConfirming(open)}
          title={ko.attributes.deleteConfirmTitle}
          description={ko.attributes.deleteConfirm}
          confirmLabel={ko.common.delete}
          busy={deleting}
          onConfirm={() => void remove()}
        />
      ) : null}
    </form>
  );
}
