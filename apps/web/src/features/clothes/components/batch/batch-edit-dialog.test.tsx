import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko, type AttributeDefDto, type ClothesDto } from '@otboo/contract';
import { getAttributeDefs } from '@/features/clothes/api/get-attribute-defs';
import { updateClothesBatch } from '@/features/clothes/api/update-clothes-batch';
import {
  BatchEditDialog,
  CLEAR,
  KEEP,
  batchRequest,
  valuesLost,
} from '@/features/clothes/components/batch/batch-edit-dialog';
import { renderWithQuery } from '@/testing/query';

vi.mock('@/features/clothes/api/get-attribute-defs', () => ({ getAttributeDefs: vi.fn() }));
vi.mock('@/features/clothes/api/update-clothes-batch', () => ({ updateClothesBatch: vi.fn() }));
vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const IDS = ['c1', 'c2'];
const COLOR: AttributeDefDto = {
  id: 'd-color',
  name: '색상',
  selectableValues: ['블랙', '네이비'],
  createdAt: '2026-11-21T00:00:00.000Z',
};
const SEASON: AttributeDefDto = {
  id: 'd-season',
  name: '계절',
  selectableValues: ['여름', '겨울'],
  createdAt: '2026-11-21T00:00:00.000Z',
};

function garment(id: string, attributes: Array<[AttributeDefDto, string]>): ClothesDto {
  return {
    id,
    ownerId: 'u1',
    name: id,
    type: 'TOP',
    imageUrl: null,
    thumbnailUrl: null,
    createdAt: '2026-11-21T00:00:00.000Z',
    attributes: attributes.map(([d, value]) => ({
      definitionId: d.id,
      definitionName: d.name,
      selectableValues: d.selectableValues,
      value,
    })),
  };
}

describe('batchRequest', () => {
  it('is null while every field says 바꾸지 않음', () => {
    expect(batchRequest(IDS, KEEP, [{ definitionId: KEEP, value: '' }])).toBeNull();
  });

  it('is null while an attribute has no value chosen: nothing is assumed, least of all a removal', () => {
    expect(batchRequest(IDS, 'OUTER', [{ definitionId: 'd-season', value: '' }])).toBeNull();
  });

  it('sends the type, several attributes, or both', () => {
    expect(batchRequest(IDS, 'OUTER', [{ definitionId: KEEP, value: '' }])).toEqual({
      clothesIds: IDS,
      type: 'OUTER',
    });
    expect(
      batchRequest(IDS, 'TOP', [
        { definitionId: 'd-season', value: '여름' },
        { definitionId: 'd-color', value: CLEAR },
      ]),
    ).toEqual({
      clothesIds: IDS,
      type: 'TOP',
      attributes: [
        { definitionId: 'd-season', value: '여름' },
        { definitionId: 'd-color', value: null },
      ],
    });
  });
});

describe('valuesLost', () => {
  it('counts, per attribute cleared, the garments that have a value there now', () => {
    const clothes = [
      garment('a', [[COLOR, '블랙']]),
      garment('b', [
        [COLOR, '네이비'],
        [SEASON, '겨울'],
      ]),
      garment('c', []),
    ];
    expect(
      valuesLost(
        clothes,
        [
          { definitionId: COLOR.id, value: CLEAR },
          { definitionId: SEASON.id, value: CLEAR },
        ],
        [COLOR, SEASON],
      ),
    ).toEqual([
      { definition: '색상', count: 2 },
      { definition: '계절', count: 1 },
    ]);
    expect(valuesLost(clothes, [{ definitionId: COLOR.id, value: '블랙' }], [COLOR])).toEqual([]);
    expect(ko.clothes.batch.clearConfirm(3, '색상')).toBe('3벌의 색상 값이 지워져요.');
  });
});

async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

async function pick(scope: HTMLElement, label: string, option: string) {
  fireEvent.keyDown(within(scope).getByRole('combobox', { name: label }), { key: 'Enter' });
  fireEvent.keyDown(await screen.findByRole('option', { name: option }), { key: 'Enter' });
  await flush();
}

describe('BatchEditDialog', () => {
  const clothes = [
    garment('c1', [
      [COLOR, '블랙'],
      [SEASON, '여름'],
    ]),
    garment('c2', [[COLOR, '네이비']]),
    garment('c3', []),
  ];
  const onUpdated = vi.fn();

  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
    vi.mocked(getAttributeDefs).mockResolvedValue([COLOR, SEASON]);
    vi.mocked(updateClothesBatch).mockImplementation(async (r) => r.clothesIds.map((id) => garment(id, [])));
  });
  afterEach(() => {
    vi.clearAllMocks();
  });

  async function open() {
    renderWithQuery(<BatchEditDialog open onOpenChange={vi.fn()} clothes={clothes} onUpdated={onUpdated} />);
    await flush();
    const dialog = screen.getByRole('dialog', { name: ko.clothes.batch.title });
    return { dialog, apply: within(dialog).getByRole('button', { name: ko.clothes.batch.apply }) };
  }

  it('has no preselected value after an attribute is chosen; 적용 waits for one', async () => {
    const { dialog, apply } = await open();
    expect(apply).toBeDisabled();
    await pick(dialog, '속성', '색상');
    const value = within(dialog).getByRole('combobox', { name: '값' });
    expect(value).toHaveTextContent(ko.clothes.batch.choose);
    expect(apply).toBeDisabled();
    await pick(dialog, '값', '네이비');
    expect(apply).toBeEnabled();
    fireEvent.click(apply);
    await flush();
    // Nobody loses a value: no question.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(updateClothesBatch).toHaveBeenCalledWith({
      clothesIds: ['c1', 'c2', 'c3'],
      attributes: [{ definitionId: COLOR.id, value: '네이비' }],
    });
    expect(onUpdated).toHaveBeenCalled();
  });

  it('changes two attributes at once, asking first how many garments lose a value', async () => {
    const { dialog, apply } = await open();
    await pick(dialog, '속성', '계절');
    await pick(dialog, '값', '겨울');
    fireEvent.click(within(dialog).getByRole('button', { name: ko.clothes.batch.addAttribute }));
    await flush();
    // The second row offers only the attributes not chosen yet.
    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: '속성 2' }), { key: 'Enter' });
    expect(screen.queryByRole('option', { name: '계절' })).not.toBeInTheDocument();
    fireEvent.keyDown(await screen.findByRole('option', { name: '색상' }), { key: 'Enter' });
    await flush();
    expect(apply).toBeDisabled();
    await pick(dialog, '값 2', ko.clothes.batch.clearValue);
    fireEvent.click(apply);
    await flush();

    const confirm = screen.getByRole('alertdialog', { name: ko.clothes.batch.clearConfirmTitle });
    expect(confirm).toHaveTextContent('2벌의 색상 값이 지워져요.');
    expect(updateClothesBatch).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: ko.common.cancel }));
    await flush();
    expect(updateClothesBatch).not.toHaveBeenCalled();

    fireEvent.click(apply);
    await flush();
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: ko.clothes.batch.clearAndApply }),
    );
    await flush();
    expect(updateClothesBatch).toHaveBeenCalledWith({
      clothesIds: ['c1', 'c2', 'c3'],
      attributes: [
        { definitionId: SEASON.id, value: '겨울' },
        { definitionId: COLOR.id, value: null },
      ],
    });
  });

  it('takes a row out again', async () => {
    const { dialog, apply } = await open();
    await pick(dialog, '속성', '계절');
    expect(apply).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: ko.clothes.batch.removeChange(1) }));
    await flush();
    expect(within(dialog).getByRole('combobox', { name: '속성' })).toHaveTextContent(ko.clothes.batch.keep);
    expect(within(dialog).queryByRole('combobox', { name: '값' })).not.toBeInTheDocument();
  });
});
