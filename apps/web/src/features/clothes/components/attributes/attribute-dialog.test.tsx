import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko, type AttributeDefDto } from '@otboo/contract';
import { createAttributeDef } from '@/features/clothes/api/create-attribute-def';
import { deleteAttributeDef } from '@/features/clothes/api/delete-attribute-def';
import { updateAttributeDef } from '@/features/clothes/api/update-attribute-def';
import { AttributeDialog } from '@/features/clothes/components/attributes/attribute-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

vi.mock('@/features/clothes/api/create-attribute-def', () => ({ createAttributeDef: vi.fn() }));
vi.mock('@/features/clothes/api/update-attribute-def', () => ({ updateAttributeDef: vi.fn() }));
vi.mock('@/features/clothes/api/delete-attribute-def', () => ({ deleteAttributeDef: vi.fn() }));
vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const SEASON: AttributeDefDto = {
  id: 'd1',
  name: '계절',
  selectableValues: ['봄', '여름'],
  createdAt: '2026-11-21T00:00:00.000Z',
};

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('AttributeDialog', () => {
  it('asks for a name and at least one option before saving', () => {
    render(<AttributeDialog state={{ mode: 'add' }} onClose={vi.fn()} onChanged={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: ko.attributes.addTitle })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(ko.attributes.nameLabel), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: ko.common.save }));
    expect(screen.getByText(ko.attributes.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(ko.attributes.optionRequired)).toBeInTheDocument();
    expect(createAttributeDef).not.toHaveBeenCalled();
  });

  it('adds with the trimmed name and options, counting the value still in the input', async () => {
    vi.mocked(createAttributeDef).mockResolvedValue({
      ...SEASON,
      id: 'd2',
      name: '핏',
      selectableValues: ['슬림', '오버'],
    });
    const onClose = vi.fn();
    const onChanged = vi.fn();
    render(<AttributeDialog state={{ mode: 'add' }} onClose={onClose} onChanged={onChanged} />);
    fireEvent.change(screen.getByLabelText(ko.attributes.nameLabel), { target: { value: ' 핏 ' } });
    const option = screen.getByLabelText(ko.attributes.optionLabel, { selector: 'input' });
    fireEvent.change(option, { target: { value: '슬림' } });
    fireEvent.keyDown(option, { key: 'Enter' });
    fireEvent.change(option, { target: { value: ' 오버 ' } });
    fireEvent.click(screen.getByRole('button', { name: ko.common.save }));
    await flush();
    expect(createAttributeDef).toHaveBeenCalledWith({ name: '핏', selectableValues: ['슬림', '오버'] });
    expect(toast.success).toHaveBeenCalledWith(ko.attributes.added);
    expect(onChanged).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('edits a definition and shows a taken name next to the field', async () => {
    vi.mocked(updateAttributeDef).mockRejectedValue(new ApiError(ko.attributes.nameTaken, 409, null));
    render(
      <AttributeDialog state={{ mode: 'edit', definition: SEASON }} onClose={vi.fn()} onChanged={vi.fn()} />,
    );
    expect(screen.getByRole('dialog', { name: ko.attributes.editTitle })).toBeInTheDocument();
    expect(screen.getByLabelText(ko.attributes.nameLabel)).toHaveValue('계절');
    fireEvent.click(screen.getByRole('button', { name: ko.attributes.removeOption('봄') }));
    fireEvent.click(screen.getByRole('button', { name: ko.common.save }));
    await flush();
    expect(updateAttributeDef).toHaveBeenCalledWith('d1', { name: '계절', selectableValues: ['여름'] });
    expect(toast.error).toHaveBeenCalledWith(ko.attributes.editFailed);
    expect(screen.getByText(ko.attributes.nameTaken)).toBeInTheDocument();
  });

  it('deletes after confirmation', async () => {
    vi.mocked(deleteAttributeDef).mockResolvedValue(undefined);
    const onChanged = vi.fn();
    render(
      <AttributeDialog
        state={{ mode: 'edit', definition: SEASON }}
        onClose={vi.fn()}
        onChanged={onChanged}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: ko.common.delete }));
    const confirm = screen.getByRole('alertdialog', { name: ko.attributes.deleteConfirmTitle });
    expect(confirm).toHaveTextContent(ko.attributes.deleteConfirm);
    expect(deleteAttributeDef).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: ko.common.delete }).at(-1)!);
    await flush();
    expect(deleteAttributeDef).toHaveBeenCalledWith('d1');
    expect(toast.success).toHaveBeenCalledWith(ko.attributes.deleted);
    expect(onChanged).toHaveBeenCalled();
  });
});
