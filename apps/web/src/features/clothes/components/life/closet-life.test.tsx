import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko, type ClothesDto, type FeedDto } from '@otboo/contract';
import { archiveClothes } from '@/features/clothes/api/archive-clothes';
import { getClothesWear } from '@/features/clothes/api/get-clothes-wear';
import { setClothesAvailability } from '@/features/clothes/api/set-clothes-availability';
import { getAttributeDefs } from '@/features/clothes/api/get-attribute-defs';
import { updateClothes } from '@/features/clothes/api/update-clothes';
import { EditClothesDialog } from '@/features/clothes/components/clothes-form/edit-clothes-dialog';
import { ArchiveDialog } from '@/features/clothes/components/life/archive-dialog';
import { GarmentPage } from '@/features/clothes/components/garment/garment-page';
import { WASH_HINT_WEARS, wearsSinceWash } from '@/features/clothes/utils/clothes-life';
import { renderWithQuery } from '@/testing/query';

vi.mock('@/features/clothes/api/get-clothes-wear', () => ({ getClothesWear: vi.fn() }));
vi.mock('@/features/clothes/api/set-clothes-availability', () => ({ setClothesAvailability: vi.fn() }));
vi.mock('@/features/clothes/api/archive-clothes', () => ({ archiveClothes: vi.fn() }));
vi.mock('@/features/clothes/api/get-attribute-defs', () => ({ getAttributeDefs: vi.fn() }));
vi.mock('@/features/clothes/api/update-clothes', () => ({ updateClothes: vi.fn() }));

const life = ko.clothes.life;

const SHIRT: ClothesDto = {
  id: 'c0000000-0000-4000-8000-000000000009',
  ownerId: 'u0000000-0000-4000-8000-000000000001',
  name: '화이트 셔츠',
  type: 'TOP',
  imageUrl: null,
  thumbnailUrl: null,
  attributes: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  availability: { state: 'AVAILABLE', since: null, until: null, lastWashedAt: '2026-11-10T00:00:00.000Z' },
  archived: null,
  purchase: null,
};

const post = (createdAt: string) => ({ id: createdAt, createdAt, ootds: [] }) as unknown as FeedDto;

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

function renderPage(clothes: ClothesDto) {
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

describe('wash hint rule', () => {
  it('counts the OOTDs since the last wash, or all of them when never washed, and none while away', () => {
    const feeds = ['2026-11-20', '2026-11-15', '2026-11-12', '2026-11-05'].map((d) =>
      post(`${d}T03:00:00.000Z`),
    );
    expect(wearsSinceWash(SHIRT, feeds)).toBe(3);
    expect(
      wearsSinceWash({ ...SHIRT, availability: { ...SHIRT.availability!, lastWashedAt: null } }, feeds),
    ).toBe(4);
    expect(
      wearsSinceWash({ ...SHIRT, availability: { state: 'LAUNDRY', since: null, until: null } }, feeds),
    ).toBeNull();
    expect(WASH_HINT_WEARS).toBe(3);
  });
});

describe('garment page: availability', () => {
  it('shows the wash hint after three OOTDs since the last wash, not after two', async () => {
    const feeds = ['2026-11-20', '2026-11-15', '2026-11-12'].map((d) => post(`${d}T03:00:00.000Z`));
    vi.mocked(getClothesWear).mockResolvedValue({ wearCount: 3, lastWornAt: feeds[0]!.createdAt, feeds: [] });
    vi.mocked(getClothesWear).mockResolvedValueOnce({ wearCount: 3, lastWornAt: null, feeds });
    renderPage(SHIRT);
    await flush();
    expect(screen.getByRole('dialog')).toHaveTextContent(life.washHint(3));
    cleanup();
    vi.mocked(getClothesWear).mockResolvedValueOnce({
      wearCount: 2,
      lastWornAt: null,
      feeds: feeds.slice(0, 2),
    });
    renderPage(SHIRT);
    await flush();
    expect(screen.getByRole('dialog')).not.toHaveTextContent(life.washHint(2));
  });

  it('marks the piece 세탁 중 through the picked return date with one tap, and clears it', async () => {
    vi.mocked(getClothesWear).mockResolvedValue({ wearCount: 0, lastWornAt: null, feeds: [] });
    const away: ClothesDto = {
      ...SHIRT,
      availability: {
        state: 'LAUNDRY',
        since: '2026-11-27T00:00:00.000Z',
        until: '2099-12-01',
        lastWashedAt: null,
      },
    };
    vi.mocked(setClothesAvailability).mockResolvedValueOnce(away);
    const handlers = renderPage(SHIRT);
    const page = screen.getByRole('dialog');
    const user = userEvent.setup();
    await user.type(within(page).getByLabelText(life.until), '2099-12-01');
    await user.click(within(page).getByRole('button', { name: life.states.LAUNDRY }));
    expect(setClothesAvailability).toHaveBeenCalledWith(SHIRT.id, { state: 'LAUNDRY', until: '2099-12-01' });
    expect(handlers.onChanged).toHaveBeenCalledWith(away);

    cleanup();
    vi.mocked(setClothesAvailability).mockResolvedValueOnce(SHIRT);
    const again = renderPage(away);
    const shown = screen.getByRole('dialog');
    expect(within(shown).getByRole('button', { name: life.states.LAUNDRY })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.setup().click(within(shown).getByRole('button', { name: life.clear }));
    expect(setClothesAvailability).toHaveBeenLastCalledWith(SHIRT.id, { state: 'AVAILABLE' });
    expect(again.onChanged).toHaveBeenCalledWith(SHIRT);
  });
});

describe('archive dialog', () => {
  it('archives with the picked reason', async () => {
    const archived = { ...SHIRT, archived: { reason: 'DONATED' as const, at: '2026-11-27T00:00:00.000Z' } };
    vi.mocked(archiveClothes).mockResolvedValueOnce(archived);
    const onArchived = vi.fn();
    const onClose = vi.fn();
    renderWithQuery(<ArchiveDialog clothes={SHIRT} onClose={onClose} onArchived={onArchived} />);
    const dialog = screen.getByRole('dialog', { name: life.archiveTitle });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('radio', { name: life.reasons.DONATED }));
    await user.click(within(dialog).getByRole('button', { name: life.archive }));
    expect(archiveClothes).toHaveBeenCalledWith(SHIRT.id, { reason: 'DONATED' });
    expect(onArchived).toHaveBeenCalledWith(archived);
    expect(onClose).toHaveBeenCalled();
  });
});

describe('garment form: price and purchase date', () => {
  it('shows the saved purchase, keeps only digits of a pasted price and sends the purchase', async () => {
    vi.mocked(getAttributeDefs).mockResolvedValue([]);
    vi.mocked(updateClothes).mockImplementation(
      async (_id, request) => ({ ...SHIRT, ...request }) as ClothesDto,
    );
    const priced = { ...SHIRT, purchase: { price: 10_000, date: '2025-06-01' } };
    renderWithQuery(<EditClothesDialog clothes={priced} onClose={vi.fn()} onSaved={vi.fn()} />);
    await flush();
    const price = screen.getByLabelText(life.price);
    expect(price).toHaveValue('10000');
    expect(screen.getByLabelText(life.purchaseDate)).toHaveValue('2025-06-01');
    const user = userEvent.setup();
    await user.clear(price);
    await user.type(price, '39,000원');
    expect(price).toHaveValue('39000');
    await user.click(screen.getByRole('button', { name: ko.common.save }));
    expect(vi.mocked(updateClothes).mock.calls[0]?.[1]).toMatchObject({
      purchase: { price: 39_000, date: '2025-06-01' },
    });
  });
});
