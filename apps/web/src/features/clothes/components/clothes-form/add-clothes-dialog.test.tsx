import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko, type AttributeDefDto, type ClothesDto } from '@otboo/contract';
import { createClothes } from '@/features/clothes/api/create-clothes';
import { getAttributeDefs } from '@/features/clothes/api/get-attribute-defs';
import { getClothesExtraction } from '@/features/clothes/api/get-clothes-extraction';
import { getImageFile } from '@/features/clothes/api/get-image-file';
import { AddClothesDialog } from '@/features/clothes/components/clothes-form/add-clothes-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { renderWithQuery } from '@/testing/query';

vi.mock('@/features/clothes/api/get-attribute-defs', () => ({ getAttributeDefs: vi.fn() }));
vi.mock('@/features/clothes/api/get-clothes-extraction', () => ({ getClothesExtraction: vi.fn() }));
vi.mock('@/features/clothes/api/get-image-file', () => ({ getImageFile: vi.fn() }));
vi.mock('@/features/clothes/api/create-clothes', () => ({ createClothes: vi.fn() }));
vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const OWNER = '6a1f0c2e-0000-4000-8000-000000000001';
const SEASON: AttributeDefDto = {
  id: 'd-season',
  name: '계절',
  selectableValues: ['봄', '여름'],
  createdAt: '2026-11-21T00:00:00.000Z',
};
const COLOR: AttributeDefDto = {
  id: 'd-color',
  name: '색상',
  selectableValues: ['블랙', '화이트'],
  createdAt: '2026-11-21T00:00:00.000Z',
};

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

/** The dialog with an opener, as the closet page uses it. */
function Harness({
  signedOut = false,
  onSaved = vi.fn(),
}: {
  signedOut?: boolean;
  onSaved?: (clothes: ClothesDto) => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <AddClothesDialog
        open={open}
        onOpenChange={setOpen}
        ownerId={signedOut ? undefined : OWNER}
        onSaved={onSaved}
      />
    </>
  );
}

const submitButton = () => screen.getByRole('button', { name: ko.clothes.register });
const nameInput = () => screen.getByLabelText(ko.clothes.name);

async function importFrom(url: string) {
  fireEvent.click(screen.getByRole('button', { name: ko.clothes.importFromUrl }));
  fireEvent.change(screen.getByLabelText(ko.clothes.urlLabel), { target: { value: url } });
  fireEvent.click(screen.getByRole('button', { name: ko.clothes.importRun }));
  await flush();
}

beforeEach(() => {
  vi.mocked(getAttributeDefs).mockResolvedValue([SEASON, COLOR]);
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('AddClothesDialog', () => {
  it('lists one select per attribute definition, sorted by name, and keeps submit disabled without a type', async () => {
    renderWithQuery(<Harness />);
    await flush();
    expect(getAttributeDefs).toHaveBeenCalledWith({ sortBy: 'name', sortDirection: 'ASCENDING' });
    // The seasons are ticked (several allowed); the other definitions are selects.
    const seasons = within(screen.getByRole('group', { name: '계절' })).getAllByRole('checkbox');
    expect(seasons.map((box) => (box as HTMLInputElement).checked)).toEqual(
      SEASON.selectableValues.map(() => false),
    );
    expect(screen.getByRole('combobox', { name: '색상' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: ko.clothes.type })).toHaveTextContent(
      ko.clothes.typePlaceholder,
    );
    expect(submitButton()).toBeDisabled();
    fireEvent.change(nameInput(), { target: { value: '셔츠' } });
    expect(submitButton()).toBeDisabled();
  });

  it('checks the link, then returns to the form filled with the import and its photo', async () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'imported.webp', { type: 'image/webp' });
    vi.mocked(getImageFile).mockResolvedValue(photo);
    vi.mocked(getClothesExtraction).mockResolvedValue({
      name: '린넨 셔츠',
      type: 'TOP',
      imageUrl: '/files/imports/a.webp',
      attributes: [
        {
          definitionId: SEASON.id,
          definitionName: '계절',
          selectableValues: SEASON.selectableValues,
          value: '여름',
        },
      ],
      source: 'json-ld',
    });
    renderWithQuery(<Harness />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: ko.clothes.importFromUrl }));
    expect(screen.queryByLabelText(ko.clothes.name)).not.toBeInTheDocument();

    // Required, then a URL.
    fireEvent.click(screen.getByRole('button', { name: ko.clothes.importRun }));
    expect(screen.getByText(ko.clothes.urlRequired)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(ko.clothes.urlLabel), { target: { value: '셔츠 링크' } });
    fireEvent.click(screen.getByRole('button', { name: ko.clothes.importRun }));
    expect(screen.getByText(ko.clothes.urlInvalid)).toBeInTheDocument();
    expect(getClothesExtraction).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(ko.clothes.urlLabel), {
      target: { value: '  https://shop.example/p/1  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: ko.clothes.importRun }));
    expect(screen.getByRole('button', { name: ko.clothes.importing })).toBeDisabled();
    await flush();

    expect(getClothesExtraction).toHaveBeenCalledWith('https://shop.example/p/1');
    expect(getImageFile).toHaveBeenCalledWith('/files/imports/a.webp', 'imported');
    expect(toast.success).toHaveBeenCalledWith(ko.clothes.imported);
    expect(nameInput()).toHaveValue('린넨 셔츠');
    expect(screen.getByRole('combobox', { name: ko.clothes.type })).toHaveTextContent(ko.clothes.types.TOP);
    expect(screen.getByRole('checkbox', { name: '여름' })).toBeChecked();
    expect(await screen.findByAltText(ko.clothes.previewAlt)).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/webp/),
    );
    expect(submitButton()).toBeEnabled();
  });

  it('stays on the link step with the server reason when the import fails', async () => {
    vi.mocked(getClothesExtraction).mockRejectedValue(new ApiError(ko.clothes.urlNoProduct, 502, null));
    renderWithQuery(<Harness />);
    await flush();
    await importFrom('https://shop.example/p/2');
    expect(toast.error).toHaveBeenCalledWith(ko.clothes.importFailed);
    expect(screen.getByText(ko.clothes.urlNoProduct)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ko.clothes.importRun })).toBeEnabled();
  });

  it('goes back to the form keeping what was typed', async () => {
    renderWithQuery(<Harness />);
    await flush();
    fireEvent.change(nameInput(), { target: { value: '청바지' } });
    fireEvent.click(screen.getByRole('button', { name: ko.clothes.importFromUrl }));
    fireEvent.click(screen.getByRole('button', { name: ko.clothes.back }));
    expect(nameInput()).toHaveValue('청바지');
  });

  it('sends only attributes with a value, shows the saving text and hands the saved garment over', async () => {
    vi.mocked(getImageFile).mockRejectedValue(new Error('gone'));
    vi.mocked(getClothesExtraction).mockResolvedValue({
      name: '반팔 티',
      type: 'TOP',
      imageUrl: '/files/imports/missing.webp',
      attributes: [
        {
          definitionId: SEASON.id,
          definitionName: '계절',
          selectableValues: SEASON.selectableValues,
          value: '여름',
        },
        {
          definitionId: COLOR.id,
          definitionName: '색상',
          selectableValues: COLOR.selectableValues,
          value: '  ',
        },
      ],
      source: 'open-graph',
    });
    let finish: (dto: ClothesDto) => void = () => undefined;
    vi.mocked(createClothes).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const onSaved = vi.fn();
    renderWithQuery(<Harness onSaved={onSaved} />);
    await flush();
    await importFrom('https://shop.example/p/3');
    fireEvent.change(nameInput(), { target: { value: '  반팔 티셔츠 ' } });
    fireEvent.click(submitButton());

    expect(createClothes).toHaveBeenCalledWith(
      {
        ownerId: OWNER,
        name: '반팔 티셔츠',
        type: 'TOP',
        attributes: [],
        brand: null,
        size: null,
        notes: null,
        seasons: ['여름'],
        // No price given: the request says so (docs/api.md §10.3).
        purchase: null,
      },
      null,
    );
    expect(screen.getByRole('button', { name: ko.clothes.saving })).toBeDisabled();
    const dto = { id: 'c1' } as ClothesDto;
    finish(dto);
    await flush();
    expect(toast.success).toHaveBeenCalledWith(ko.clothes.added);
    expect(onSaved).toHaveBeenCalledWith(dto);
  });

  it('says a login is needed when no user is signed in', async () => {
    vi.mocked(getClothesExtraction).mockResolvedValue({
      name: '모자',
      type: 'HAT',
      imageUrl: null,
      attributes: [],
      source: 'title',
    });
    renderWithQuery(<Harness signedOut />);
    await flush();
    await importFrom('https://shop.example/p/4');
    fireEvent.click(submitButton());
    expect(toast.error).toHaveBeenCalledWith(ko.clothes.loginRequired);
    expect(createClothes).not.toHaveBeenCalled();
  });

  it('resets the form, the photo and the attributes when closed', async () => {
    vi.mocked(getImageFile).mockResolvedValue(
      new File([new Uint8Array([1])], 'imported.webp', { type: 'image/webp' }),
    );
    vi.mocked(getClothesExtraction).mockResolvedValue({
      name: '코트',
      type: 'OUTER',
      imageUrl: '/files/imports/b.webp',
      attributes: [
        {
          definitionId: COLOR.id,
          definitionName: '색상',
          selectableValues: COLOR.selectableValues,
          value: '블랙',
        },
      ],
      source: 'json-ld',
    });
    renderWithQuery(<Harness />);
    await flush();
    await importFrom('https://shop.example/p/5');
    expect(nameInput()).toHaveValue('코트');

    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: ko.common.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    await flush();
    expect(nameInput()).toHaveValue('');
    expect(screen.getByRole('combobox', { name: ko.clothes.type })).toHaveTextContent(
      ko.clothes.typePlaceholder,
    );
    expect(screen.getByRole('combobox', { name: '색상' })).toHaveTextContent(ko.clothes.attributeNone);
    expect(screen.queryByAltText(ko.clothes.previewAlt)).not.toBeInTheDocument();
  });
});
