import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko, type AttributeDefDto, type ClothesDto, type FeedDto } from '@otboo/contract';
import { getAttributeDefs } from '@/features/clothes/api/get-attribute-defs';
import { getClothesWear } from '@/features/clothes/api/get-clothes-wear';
import { updateClothes } from '@/features/clothes/api/update-clothes';
import { EditClothesDialog } from '@/features/clothes/components/clothes-form/edit-clothes-dialog';
import { GarmentPage } from '@/features/clothes/components/garment/garment-page';
import { renderWithQuery } from '@/testing/query';
import { formatDate } from '@/utils/format-date';

vi.mock('@/features/clothes/api/get-clothes-wear', () => ({ getClothesWear: vi.fn() }));
vi.mock('@/features/clothes/api/get-attribute-defs', () => ({ getAttributeDefs: vi.fn() }));
vi.mock('@/features/clothes/api/update-clothes', () => ({ updateClothes: vi.fn() }));

const SEASON: AttributeDefDto = {
  id: 'd0000000-0000-4000-8000-000000000001',
  name: '계절',
  selectableValues: ['봄', '여름', '가을', '겨울'],
  createdAt: '2026-11-01T00:00:00.000Z',
};
const COLOUR: AttributeDefDto = {
  id: 'd0000000-0000-4000-8000-000000000002',
  name: '색상',
  selectableValues: ['베이지', '블랙'],
  createdAt: '2026-11-01T00:00:00.000Z',
};

const attribute = (def: AttributeDefDto, value: string) => ({
  definitionId: def.id,
  definitionName: def.name,
  selectableValues: def.selectableValues,
  value,
});

const COAT: ClothesDto = {
  id: 'c0000000-0000-4000-8000-000000000001',
  ownerId: 'u0000000-0000-4000-8000-000000000001',
  name: '트렌치 코트',
  type: 'OUTER',
  imageUrl: null,
  thumbnailUrl: null,
  attributes: [attribute(SEASON, '봄'), attribute(COLOUR, '베이지')],
  createdAt: '2026-11-01T00:00:00.000Z',
  brand: '버버리',
  size: '95',
  notes: '드라이클리닝만\n단추 여분 있음',
  seasons: ['봄', '가을'],
};

function feed(id: string, createdAt: string): FeedDto {
  return {
    id,
    createdAt,
    updatedAt: createdAt,
    author: { userId: COAT.ownerId, name: '옷부', profileImageUrl: null },
    weather: {
      weatherId: 'w0000000-0000-4000-8000-000000000001',
      skyStatus: 'CLEAR',
      precipitation: { type: 'NONE', amount: 0, probability: 10 },
      temperature: { current: 12, min: 8, max: 15, comparedToDayBefore: 1 },
    },
    ootds: [
      {
        clothesId: COAT.id,
        name: COAT.name,
        type: 'OUTER',
        imageUrl: '/files/coat.webp',
        thumbnailUrl: '/files/coat-thumb.webp',
        attributes: [],
      },
    ],
    content: '오늘의 코디',
    likeCount: 0,
    commentCount: 0,
    likedByMe: false,
  };
}

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

function renderPage(clothes: ClothesDto | null = COAT) {
  const handlers = {
    onClose: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    onArchive: vi.fn(),
    onChanged: vi.fn(),
    onOpenFeed: vi.fn(),
  };
  renderWithQuery(<GarmentPage clothes={clothes} {...handlers} />);
  return handlers;
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('garment page', () => {
  it('shows the photo placeholder, type, every season, attributes, brand, size and notes', async () => {
    vi.mocked(getClothesWear).mockResolvedValue({ wearCount: 0, lastWornAt: null, feeds: [] });
    renderPage();
    const page = screen.getByRole('dialog', { name: '트렌치 코트' });
    expect(within(page).getByRole('img', { name: `트렌치 코트 ${ko.common.noImage}` })).toBeInTheDocument();
    expect(page).toHaveTextContent(ko.clothes.types.OUTER);
    const terms = within(page)
      .getAllByRole('term')
      .map((t) => [t.textContent, t.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['계절', '봄, 가을'],
      ['색상', '베이지'],
      [ko.clothes.detail.brand, '버버리'],
      [ko.clothes.detail.size, '95'],
      [ko.clothes.detail.notes, '드라이클리닝만\n단추 여분 있음'],
    ]);
    await flush();
    expect(getClothesWear).toHaveBeenCalledWith(COAT.id);
    expect(page).toHaveTextContent(ko.clothes.detail.neverWorn);
  });

  it('says 없음 for missing details and falls back to the season attribute without `seasons`', async () => {
    vi.mocked(getClothesWear).mockResolvedValue({ wearCount: 0, lastWornAt: null, feeds: [] });
    const { seasons: _, ...old } = COAT;
    renderPage({ ...old, brand: null, size: null, notes: null });
    const page = screen.getByRole('dialog', { name: '트렌치 코트' });
    const terms = within(page)
      .getAllByRole('term')
      .map((t) => [t.textContent, t.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['계절', '봄'],
      ['색상', '베이지'],
      [ko.clothes.detail.brand, ko.clothes.detail.none],
      [ko.clothes.detail.size, ko.clothes.detail.none],
      [ko.clothes.detail.notes, ko.clothes.detail.none],
    ]);
    await flush();
  });

  it('shows the wear count, the last worn date and the OOTDs, each opening its feed', async () => {
    const newest = feed('f0000000-0000-4000-8000-000000000002', '2026-11-20T03:00:00.000Z');
    const older = feed('f0000000-0000-4000-8000-000000000001', '2026-11-10T03:00:00.000Z');
    vi.mocked(getClothesWear).mockResolvedValue({
      wearCount: 2,
      lastWornAt: newest.createdAt,
      feeds: [newest, older],
    });
    const handlers = renderPage();
    await flush();
    const page = screen.getByRole('dialog', { name: '트렌치 코트' });
    expect(page).toHaveTextContent(ko.clothes.detail.wearCount(2));
    expect(page).toHaveTextContent(ko.clothes.detail.lastWorn(formatDate(newest.createdAt)));
    const tiles = within(page).getAllByRole('button', { name: /OOTD 보기$/ });
    expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual([
      ko.clothes.detail.ootdOf(formatDate(newest.createdAt)),
      ko.clothes.detail.ootdOf(formatDate(older.createdAt)),
    ]);
    // The accessible name starts with the visible date (WCAG 2.5.3).
    expect(tiles[0]!.getAttribute('aria-label')!.startsWith(tiles[0]!.textContent!)).toBe(true);
    await userEvent.click(tiles[1]!);
    expect(handlers.onOpenFeed).toHaveBeenCalledWith(older);
  });

  it('says when the wear record cannot be loaded', async () => {
    vi.mocked(getClothesWear).mockRejectedValue(new Error('down'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(ko.clothes.detail.wearLoadFailed);
  });

  it('offers edit and delete for the garment, and closes on 닫기', async () => {
    vi.mocked(getClothesWear).mockResolvedValue({ wearCount: 0, lastWornAt: null, feeds: [] });
    const handlers = renderPage();
    await flush();
    await userEvent.click(screen.getByRole('button', { name: ko.common.edit }));
    expect(handlers.onEdit).toHaveBeenCalledWith(COAT);
    await userEvent.click(screen.getByRole('button', { name: ko.common.delete }));
    expect(handlers.onDelete).toHaveBeenCalledWith(COAT);
    await userEvent.click(screen.getByRole('button', { name: ko.common.close }));
    expect(handlers.onClose).toHaveBeenCalled();
  });
});

describe('edit dialog with the garment details', () => {
  it('edits brand, size, notes and several seasons with the keyboard and sends them', async () => {
    vi.mocked(getAttributeDefs).mockResolvedValue([COLOUR, SEASON]);
    vi.mocked(updateClothes).mockImplementation(
      async (_id, request) => ({ ...COAT, ...request }) as ClothesDto,
    );
    const onSaved = vi.fn();
    renderWithQuery(<EditClothesDialog clothes={COAT} onClose={vi.fn()} onSaved={onSaved} />);
    await flush();
    const user = userEvent.setup();
    const seasons = screen.getByRole('group', { name: '계절' });
    const boxes = within(seasons).getAllByRole('checkbox');
    expect(boxes.map((b) => [b.parentElement?.textContent, (b as HTMLInputElement).checked])).toEqual([
      ['봄', true],
      ['여름', false],
      ['가을', true],
      ['겨울', false],
    ]);
    // Space ticks the focused season, as on any checkbox.
    boxes[3]!.focus();
    await user.keyboard(' ');
    boxes[0]!.focus();
    await user.keyboard(' ');
    const brand = screen.getByRole('textbox', { name: ko.clothes.detail.brand });
    await user.clear(brand);
    await user.type(brand, '무신사 스탠다드');
    await user.clear(screen.getByRole('textbox', { name: ko.clothes.detail.size }));
    const notes = screen.getByRole('textbox', { name: ko.clothes.detail.notes });
    await user.clear(notes);
    await user.type(notes, '손세탁');
    await user.click(screen.getByRole('button', { name: ko.common.save }));
    await flush();
    expect(updateClothes).toHaveBeenCalledWith(
      COAT.id,
      {
        name: '트렌치 코트',
        type: 'OUTER',
        attributes: [{ definitionId: COLOUR.id, value: '베이지' }],
        brand: '무신사 스탠다드',
        size: null,
        notes: '손세탁',
        seasons: ['가을', '겨울'],
        purchase: null,
      },
      null,
    );
    expect(onSaved).toHaveBeenCalled();
  });
});
