import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LIMITS,
  ko,
  type AttributeDefDto,
  type ClothesAnalysisDto,
  type ClothesCreateRequest,
  type ClothesDto,
} from '@otboo/contract';
import { analyseClothesPhoto } from '@/features/clothes/api/analyse-clothes-photo';
import { createClothes } from '@/features/clothes/api/create-clothes';
import { getAttributeDefs } from '@/features/clothes/api/get-attribute-defs';
import { BulkAddDialog } from '@/features/clothes/components/bulk-add/bulk-add-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { renderWithQuery } from '@/testing/query';

vi.mock('@/features/clothes/api/get-attribute-defs', () => ({ getAttributeDefs: vi.fn() }));
vi.mock('@/features/clothes/api/analyse-clothes-photo', () => ({ analyseClothesPhoto: vi.fn() }));
vi.mock('@/features/clothes/api/create-clothes', () => ({ createClothes: vi.fn() }));
vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const OWNER = '6a1f0c2e-0000-4000-8000-000000000001';
const COLOR: AttributeDefDto = {
  id: 'd-color',
  name: '색상',
  selectableValues: ['블랙', '네이비'],
  createdAt: '2026-11-21T00:00:00.000Z',
};

async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

function photo(name: string): File {
  return new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });
}

/** The analysis answers as the server does: the colour before the garment word (`a-coat.jpg` → '네이비 a coat'). */
function analysisOf(file: File): ClothesAnalysisDto {
  return {
    name: `네이비 ${file.name.replace(/\.jpg$/, '').replace(/-/g, ' ')}`,
    type: 'OUTER',
    attributes: [{ definitionId: COLOR.id, definitionName: COLOR.name, value: '네이비' }],
  };
}

function Harness({ onSaved = vi.fn() }: { onSaved?: (clothes: ClothesDto) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <BulkAddDialog open={open} onOpenChange={setOpen} ownerId={OWNER} onSaved={onSaved} />
    </>
  );
}

const dialog = () => screen.getByRole('dialog', { name: ko.clothes.analysis.bulkAddTitle });
const cards = () => within(dialog()).queryAllByRole('article');
const saveAll = () => screen.getByRole('button', { name: ko.clothes.analysis.saveAll });

const SEASON: AttributeDefDto = {
  id: 'd-season',
  name: '계절',
  selectableValues: ['봄', '겨울'],
  createdAt: '2026-11-21T00:00:00.000Z',
};

/** Radix Select by keyboard: open the list, then take the option. */
async function pick(scope: HTMLElement, label: string, option: string) {
  fireEvent.keyDown(within(scope).getByRole('combobox', { name: label }), { key: 'Enter' });
  fireEvent.keyDown(await screen.findByRole('option', { name: option }), { key: 'Enter' });
  await flush();
}

async function choose(files: File[]) {
  fireEvent.change(screen.getByLabelText(ko.clothes.analysis.choosePhotos), { target: { files } });
  await flush();
}

beforeEach(() => {
  // jsdom has no layout; Radix Select scrolls its chosen option into view.
  Element.prototype.scrollIntoView = vi.fn();
  vi.mocked(getAttributeDefs).mockResolvedValue([COLOR]);
  vi.mocked(analyseClothesPhoto).mockImplementation(async (file) => analysisOf(file));
});

afterEach(() => {
  vi.clearAllMocks();
});

// A dialog of up to 30 cards, each with Radix selects, is slow to render in jsdom on a loaded machine.
describe('BulkAddDialog', { timeout: 60_000 }, () => {
  it('takes 30 of 31 photos with a Korean message, one draft each, pre-filled by the analysis', async () => {
    renderWithQuery(<Harness />);
    await flush();
    expect(saveAll()).toBeDisabled();
    await choose(Array.from({ length: 31 }, (_, i) => photo(`wool-${i}-coat.jpg`)));
    await flush();
    expect(screen.getByText(ko.clothes.analysis.tooManyPhotos(30, 30))).toBeInTheDocument();
    expect(cards()).toHaveLength(LIMITS.clothesBulkAddMax);
    expect(analyseClothesPhoto).toHaveBeenCalledTimes(30);
    const first = within(cards()[0]!);
    expect(first.getByLabelText(ko.clothes.name)).toHaveValue('네이비 wool 0 coat');
    expect(first.getByRole('combobox', { name: ko.clothes.type })).toHaveTextContent(ko.clothes.types.OUTER);
    expect(first.getByRole('combobox', { name: '색상' })).toHaveTextContent('네이비');
    // What the photo analysis found is behind '자세히'.
    expect(first.queryByText(ko.clothes.analysis.detectedColour('네이비'))).not.toBeInTheDocument();
    fireEvent.click(first.getByRole('button', { name: ko.clothes.analysis.details }));
    expect(first.getByText(ko.clothes.analysis.detectedColour('네이비'))).toBeInTheDocument();
    expect(first.getByText(ko.clothes.analysis.fileName('wool-0-coat.jpg'))).toBeInTheDocument();
    expect(screen.getByText(ko.clothes.analysis.photoCount(30, 30))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ko.clothes.analysis.choosePhotos })).toBeDisabled();
  });

  it('asks the server about three photos at a time', async () => {
    const answers: Array<() => void> = [];
    vi.mocked(analyseClothesPhoto).mockImplementation(
      (file) => new Promise((resolve) => answers.push(() => resolve(analysisOf(file)))),
    );
    renderWithQuery(<Harness />);
    await flush();
    await choose(Array.from({ length: 7 }, (_, i) => photo(`${i}-coat.jpg`)));
    expect(analyseClothesPhoto).toHaveBeenCalledTimes(3);
    expect(saveAll()).toBeDisabled();
    answers[0]!();
    await flush();
    expect(analyseClothesPhoto).toHaveBeenCalledTimes(4);
  });

  it('saves the others with a progress text while a failing one stays as a draft with its error', async () => {
    const finishers: Array<() => void> = [];
    vi.mocked(createClothes).mockImplementation((request: ClothesCreateRequest) => {
      if (request.name === 'broken coat')
        return Promise.reject(new ApiError(ko.clothes.imageInvalid, 400, null));
      return new Promise((resolve) =>
        finishers.push(() => resolve({ id: request.name, name: request.name } as ClothesDto)),
      );
    });
    const onSaved = vi.fn();
    renderWithQuery(<Harness onSaved={onSaved} />);
    await flush();
    await choose([
      photo('a-coat.jpg'),
      photo('b-coat.jpg'),
      photo('broken-coat.jpg'),
      photo('c-coat.jpg'),
      photo('d-coat.jpg'),
      photo('e-coat.jpg'),
    ]);
    // What the user typed in a draft that will fail must survive the failure.
    fireEvent.change(within(cards()[2]!).getByLabelText(ko.clothes.name), {
      target: { value: 'broken coat' },
    });

    fireEvent.click(saveAll());
    await flush();
    // Three in flight: the refused one settled at once, so a fourth went out in its lane.
    expect(createClothes).toHaveBeenCalledTimes(4);
    expect(finishers).toHaveLength(3);
    expect(createClothes).toHaveBeenCalledWith(
      {
        ownerId: OWNER,
        name: '네이비 a coat',
        type: 'OUTER',
        attributes: [{ definitionId: COLOR.id, value: '네이비' }],
      },
      expect.any(File),
      { timeoutMs: 60_000 },
    );
    expect(screen.getByText('1/6 저장 중...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByRole('button', { name: ko.common.cancel })).toBeDisabled();

    while (finishers.length > 0) {
      finishers.shift()?.();
      await flush();
    }
    expect(onSaved).toHaveBeenCalledTimes(5);
    expect(toast.warning).toHaveBeenCalledWith(ko.clothes.analysis.bulkPartlyAdded(5, 1));
    expect(cards()).toHaveLength(1);
    const left = within(cards()[0]!);
    expect(left.getByText(ko.clothes.imageInvalid)).toBeInTheDocument();
    expect(left.getByLabelText(ko.clothes.name)).toHaveValue('broken coat');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(dialog()).toBeInTheDocument();
  });

  it('keeps the drafts the network dropped, with what was typed, and saves them on the next try', async () => {
    let online = false;
    vi.mocked(createClothes).mockImplementation(async (request) => {
      if (!online && request.name !== '네이비 a coat')
        throw new ApiError(ko.offline.writeFailed, null, null, { network: 'offline' });
      return { id: request.name } as ClothesDto;
    });
    renderWithQuery(<Harness />);
    await flush();
    await choose([photo('a-coat.jpg'), photo('b-coat.jpg'), photo('c-coat.jpg')]);
    fireEvent.change(within(cards()[2]!).getByLabelText(ko.clothes.name), { target: { value: '내 코트' } });

    fireEvent.click(saveAll());
    await flush();
    expect(cards()).toHaveLength(2);
    for (const card of cards()) expect(within(card).getByText(ko.offline.writeFailed)).toBeInTheDocument();
    expect(within(cards()[1]!).getByLabelText(ko.clothes.name)).toHaveValue('내 코트');

    online = true;
    fireEvent.click(saveAll());
    await flush();
    expect(createClothes).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: '내 코트' }),
      expect.any(File),
      expect.anything(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with a success toast when every draft is saved', async () => {
    vi.mocked(createClothes).mockImplementation(async (request) => ({ id: request.name }) as ClothesDto);
    renderWithQuery(<Harness />);
    await flush();
    await choose([photo('a-coat.jpg'), photo('a-coat.jpg')]);
    expect(cards()).toHaveLength(2);
    fireEvent.click(saveAll());
    await flush();
    expect(createClothes).toHaveBeenCalledTimes(2);
    expect(toast.success).toHaveBeenCalledWith(ko.clothes.analysis.bulkAdded(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a photo the server refuses as that draft’s error and does not send it', async () => {
    vi.mocked(analyseClothesPhoto).mockImplementation(async (file) => {
      if (file.name === 'fake-coat.jpg') throw new ApiError(ko.clothes.imageInvalid, 400, null);
      return analysisOf(file);
    });
    vi.mocked(createClothes).mockImplementation(async (request) => ({ id: request.name }) as ClothesDto);
    renderWithQuery(<Harness />);
    await flush();
    const big = photo('big-coat.jpg');
    Object.defineProperty(big, 'size', { value: LIMITS.clothesImageMaxBytes + 1 });
    await choose([photo('a-coat.jpg'), photo('fake-coat.jpg'), big]);
    expect(analyseClothesPhoto).toHaveBeenCalledTimes(2);
    expect(within(cards()[1]!).getByText(ko.clothes.imageInvalid)).toBeInTheDocument();
    expect(within(cards()[2]!).getByText(ko.clothes.imageTooLarge)).toBeInTheDocument();

    fireEvent.click(saveAll());
    await flush();
    expect(createClothes).toHaveBeenCalledTimes(1);
    expect(cards()).toHaveLength(2);

    // Taking the photo out lets the draft go without it.
    fireEvent.click(within(cards()[0]!).getByRole('button', { name: ko.clothes.analysis.removePhoto }));
    expect(within(cards()[0]!).queryByText(ko.clothes.imageInvalid)).not.toBeInTheDocument();
  });

  it('asks before discarding drafts on close; cancelling keeps every draft and what was typed', async () => {
    renderWithQuery(<Harness />);
    await flush();
    await choose([photo('a-coat.jpg'), photo('b-coat.jpg')]);
    fireEvent.change(within(cards()[0]!).getByLabelText(ko.clothes.name), { target: { value: '내 코트' } });

    fireEvent.click(within(dialog()).getByRole('button', { name: ko.common.close }));
    let confirm = screen.getByRole('alertdialog', { name: ko.clothes.analysis.discardTitle });
    expect(confirm).toHaveTextContent(ko.clothes.analysis.discardConfirm(2));
    fireEvent.click(within(confirm).getByRole('button', { name: ko.common.cancel }));
    await flush();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(cards()).toHaveLength(2);
    expect(within(cards()[0]!).getByLabelText(ko.clothes.name)).toHaveValue('내 코트');

    fireEvent.keyDown(dialog(), { key: 'Escape' });
    confirm = screen.getByRole('alertdialog', { name: ko.clothes.analysis.discardTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: ko.clothes.analysis.discard }));
    await flush();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    await flush();
    expect(cards()).toHaveLength(0);
  });

  it('names a camera photo in Korean once a type is chosen, and follows type and colour until a name is typed', async () => {
    vi.mocked(analyseClothesPhoto).mockResolvedValue({
      name: null,
      type: null,
      attributes: [{ definitionId: COLOR.id, definitionName: COLOR.name, value: '네이비' }],
    });
    renderWithQuery(<Harness />);
    await flush();
    await choose([photo('IMG_1234.jpg')]);
    const card = cards()[0]!;
    const name = within(card).getByLabelText(ko.clothes.name);
    expect(name).toHaveValue('');
    await pick(card, ko.clothes.type, ko.clothes.types.OUTER);
    expect(name).toHaveValue('네이비 아우터');
    await pick(card, '색상', '블랙');
    expect(name).toHaveValue('블랙 아우터');
    fireEvent.change(name, { target: { value: '내 코트' } });
    await pick(card, ko.clothes.type, ko.clothes.types.TOP);
    expect(name).toHaveValue('내 코트');
  });

  it('sets the type and a value for all drafts, leaving values set by hand unless asked to overwrite', async () => {
    vi.mocked(getAttributeDefs).mockResolvedValue([COLOR, SEASON]);
    vi.mocked(analyseClothesPhoto).mockResolvedValue({
      name: null,
      type: null,
      attributes: [{ definitionId: COLOR.id, definitionName: COLOR.name, value: '네이비' }],
    });
    renderWithQuery(<Harness />);
    await flush();
    await choose([photo('IMG_1.jpg'), photo('IMG_2.jpg'), photo('IMG_3.jpg')]);
    await pick(cards()[1]!, ko.clothes.type, ko.clothes.types.BOTTOM);

    const forAll = screen.getByRole('button', { name: ko.clothes.analysis.forAll });
    expect(forAll).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(forAll);
    const panel = screen.getByRole('region', { name: ko.clothes.analysis.forAll });
    const apply = within(panel).getByRole('button', { name: ko.clothes.analysis.applyToAll });
    expect(apply).toBeDisabled();
    await pick(panel, ko.clothes.type, ko.clothes.types.OUTER);
    await pick(panel, ko.clothes.attributes, '계절');
    // An attribute alone changes nothing: its value is chosen, never assumed.
    expect(within(panel).getByRole('combobox', { name: ko.clothes.batch.value })).toHaveTextContent(
      ko.clothes.batch.choose,
    );
    await pick(panel, ko.clothes.batch.value, '겨울');
    fireEvent.click(apply);
    await flush();
    const types = () =>
      cards().map((c) => within(c).getByRole('combobox', { name: ko.clothes.type }).textContent);
    expect(types()).toEqual([ko.clothes.types.OUTER, ko.clothes.types.BOTTOM, ko.clothes.types.OUTER]);
    expect(within(cards()[0]!).getByLabelText(ko.clothes.name)).toHaveValue('네이비 아우터');
    expect(within(cards()[1]!).getByLabelText(ko.clothes.name)).toHaveValue('네이비 하의');
    for (const card of cards()) expect(card).toHaveTextContent('계절 겨울');
    expect(within(panel).getByRole('status')).toHaveTextContent(ko.clothes.analysis.appliedToAll(3, 1));

    fireEvent.click(within(panel).getByRole('checkbox', { name: ko.clothes.analysis.overwriteEdited }));
    fireEvent.click(apply);
    await flush();
    expect(types()).toEqual([ko.clothes.types.OUTER, ko.clothes.types.OUTER, ko.clothes.types.OUTER]);
    expect(within(panel).getByRole('status')).toHaveTextContent(ko.clothes.analysis.appliedToAll(3, 0));
  });

  it('closes without asking when there is nothing to lose', async () => {
    renderWithQuery(<Harness />);
    await flush();
    fireEvent.click(within(dialog()).getByRole('button', { name: ko.common.cancel }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
