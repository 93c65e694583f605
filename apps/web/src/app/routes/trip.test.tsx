import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko, type TripDto } from '@otboo/contract';
import { TripRoute } from '@/app/routes/trip';
import { deleteTrip, getTrip, setPacked } from '@/features/trips/api/trips';
import { toast } from '@/lib/toast';
import { renderWithQuery } from '@/testing/query';

vi.mock('@/features/trips/api/trips', () => ({
  getTrip: vi.fn(),
  getTrips: vi.fn(),
  createTrip: vi.fn(),
  setPacked: vi.fn(),
  deleteTrip: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const piece = (clothesId: string, name: string, type: 'TOP' | 'SHOES') => ({
  clothesId,
  name,
  type,
  imageUrl: null,
  thumbnailUrl: null,
  attributes: [],
});

const TRIP: TripDto = {
  id: '7b1f0c2e-0000-4000-8000-000000000001',
  location: { latitude: 35.16, longitude: 129.16, x: 99, y: 75, locationNames: ['부산광역시', '해운대구'] },
  from: '2026-12-01',
  to: '2026-12-02',
  days: [
    {
      date: '2026-12-01',
      source: 'forecast',
      temperature: { min: 8.4, max: 15.2 },
      precipitationProbability: 10,
      outfit: [piece('c1', '네이비 니트', 'TOP'), piece('c2', '화이트 스니커즈', 'SHOES')],
    },
    {
      date: '2026-12-02',
      source: 'climatology',
      temperature: { min: 3, max: 11 },
      precipitationProbability: 22,
      outfit: [piece('c1', '네이비 니트', 'TOP'), piece('c2', '화이트 스니커즈', 'SHOES')],
    },
  ],
  packingList: [
    { ...piece('c1', '네이비 니트', 'TOP'), days: 2, packed: false },
    { ...piece('c2', '화이트 스니커즈', 'SHOES'), days: 2, packed: false },
  ],
  createdAt: '2026-11-27T03:00:00.000Z',
};

function renderTrip() {
  return renderWithQuery(
    <MemoryRouter initialEntries={[`/trips/${TRIP.id}`]}>
      <Routes>
        <Route path="/trips/:tripId" element={<TripRoute />} />
        <Route path="/trips" element={<p>목록</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('TripRoute', () => {
  beforeEach(() => {
    vi.mocked(getTrip).mockResolvedValue(TRIP);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows each day with its source (예보 / 평년 기후), weather and outfit, and the checklist', async () => {
    renderTrip();
    expect(await screen.findByRole('heading', { level: 1, name: '부산광역시 해운대구' })).toBeTruthy();
    const days = screen.getByRole('region', { name: ko.trips.days });
    const [first, second] = within(days)
      .getAllByRole('listitem', { name: undefined })
      .filter((li) => li.querySelector('h3'));
    expect(within(first!).getByText(ko.trips.forecast)).toBeTruthy();
    expect(within(first!).getByText(ko.trips.minMax(8, 15))).toBeTruthy();
    expect(within(second!).getByText(ko.trips.climatology)).toBeTruthy();
    expect(within(second!).getByText(ko.trips.rainChance(22))).toBeTruthy();
    expect(screen.getByText(ko.trips.packedCount(0, 2))).toBeTruthy();
  });

  it('ticks a piece at once and keeps what the server answers', async () => {
    vi.mocked(setPacked).mockResolvedValue({
      ...TRIP,
      packingList: TRIP.packingList.map((i) => (i.clothesId === 'c1' ? { ...i, packed: true } : i)),
    });
    renderTrip();
    const box = await screen.findByRole('checkbox', { name: /네이비 니트/ });
    await act(async () => {
      fireEvent.click(box);
    });
    expect(setPacked).toHaveBeenCalledWith(TRIP.id, 'c1', true);
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(ko.trips.packedCount(1, 2))).toBeTruthy();
  });

  it('puts the box back and says so when the write fails (offline)', async () => {
    vi.mocked(setPacked).mockRejectedValue(new Error('offline'));
    renderTrip();
    const box = await screen.findByRole('checkbox', { name: /화이트 스니커즈/ });
    await act(async () => {
      fireEvent.click(box);
    });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(toast.error).toHaveBeenCalledWith(ko.trips.packFailed);
    expect(screen.getByText(ko.trips.packedCount(0, 2))).toBeTruthy();
  });

  it('deletes the trip after its question', async () => {
    vi.mocked(deleteTrip).mockResolvedValue();
    renderTrip();
    fireEvent.click(await screen.findByRole('button', { name: ko.trips.delete }));
    const question = await screen.findByRole('alertdialog', { name: ko.trips.deleteTitle });
    await act(async () => {
      fireEvent.click(within(question).getByRole('button', { name: ko.trips.deleteConfirm }));
    });
    expect(deleteTrip).toHaveBeenCalledWith(TRIP.id);
    expect(await screen.findByText('목록')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith(ko.trips.deleted);
  });
});
