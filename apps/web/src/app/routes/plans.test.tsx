import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ko,
  seoulToday,
  type ClothesDto,
  type PlanDto,
  type ProfileDto,
  type WeatherDto,
} from '@otboo/contract';
import { PlansRoute } from '@/app/routes/plans';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { renderWithQuery } from '@/testing/query';
import { testUser } from '@/testing/users';

const api = vi.hoisted(() => ({
  getPlans: vi.fn(),
  putPlan: vi.fn(),
  deletePlan: vi.fn(),
  autoPlans: vi.fn(),
  getWholeCloset: vi.fn(),
  getProfile: vi.fn(),
  getWeathers: vi.fn(),
  getRecommendation: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));
vi.mock('@/features/plans/api/plans', () => ({
  getPlans: api.getPlans,
  putPlan: api.putPlan,
  deletePlan: api.deletePlan,
  autoPlans: api.autoPlans,
  getWholeCloset: api.getWholeCloset,
}));
vi.mock('@/features/users/api/get-profile', () => ({ getProfile: api.getProfile }));
vi.mock('@/features/weather/api/get-weathers', () => ({ getWeathers: api.getWeathers }));
vi.mock('@/features/recommendations/api/get-recommendation', () => ({
  getRecommendation: api.getRecommendation,
}));
vi.mock('@/lib/toast', () => ({ toast: api.toast }));

const USER = testUser();
const SEOUL = { latitude: 37.5665, longitude: 126.978, x: 60, y: 127, locationNames: ['서울특별시', '중구'] };
const TODAY = seoulToday();

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function forecast(): WeatherDto[] {
  return Array.from({ length: 5 }, (_, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    forecastedAt: new Date().toISOString(),
    // Noon in Seoul of each day.
    forecastAt: new Date(`${addDays(TODAY, i)}T12:00:00+09:00`).toISOString(),
    location: SEOUL,
    skyStatus: 'CLEAR',
    precipitation: { type: 'NONE', amount: 0, probability: 10 },
    humidity: { current: 50, comparedToDayBefore: 0 },
    temperature: { current: 12, min: 7, max: 17, comparedToDayBefore: 0 },
    windSpeed: { speed: 2, asWord: 'WEAK' },
    source: 'open-meteo',
    stale: false,
  }));
}

const garment = (id: string, name: string, type: ClothesDto['type']) =>
  ({
    id,
    ownerId: USER.id,
    name,
    type,
    imageUrl: null,
    thumbnailUrl: null,
    attributes: [],
    availability: { state: 'AVAILABLE', since: null, until: null },
    archived: null,
  }) as unknown as ClothesDto;
const KNIT = garment('00000000-0000-4000-8000-0000000000a1', '베이지 니트', 'TOP');
const JEANS = garment('00000000-0000-4000-8000-0000000000a2', '청바지', 'BOTTOM');
const WASHING = {
  ...garment('00000000-0000-4000-8000-0000000000a3', '세탁 중인 셔츠', 'TOP'),
  availability: { state: 'LAUNDRY', since: null, until: addDays(TODAY, 1) },
} as unknown as ClothesDto;

const planOf = (date: string, clothes: ClothesDto[]): PlanDto => ({
  date,
  clothes: clothes.map((c) => ({
    clothesId: c.id,
    name: c.name,
    type: c.type,
    imageUrl: null,
    thumbnailUrl: null,
    attributes: [],
  })),
  note: null,
  weather: null,
  unavailableClothesIds: [],
});

function renderPage() {
  return renderWithQuery(
    <MemoryRouter>
      <PlansRoute />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  useSession.setState({ accessToken: 'token', user: USER });
  api.getProfile.mockResolvedValue({
    userId: USER.id,
    name: USER.name,
    profileImageUrl: null,
    gender: null,
    birthDate: null,
    location: SEOUL,
    temperatureSensitivity: 2.5,
  } satisfies ProfileDto);
  api.getWeathers.mockResolvedValue(forecast());
  api.getPlans.mockResolvedValue([]);
  api.getWholeCloset.mockResolvedValue([KNIT, JEANS, WASHING]);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useSession.setState({ accessToken: null, user: null });
});

const card = (date: string) => screen.getByTestId(`plan-day-${date}`);

describe("'이번 주 코디'", () => {
  it('fills the five forecast days and says how many; an offline failure says it was not saved', async () => {
    const user = userEvent.setup();
    api.autoPlans.mockResolvedValueOnce([planOf(TODAY, [KNIT, JEANS])]);
    renderPage();
    await waitFor(() => expect(within(card(TODAY)).getByText('맑음')).toBeInTheDocument());
    expect(within(card(addDays(TODAY, 5))).getByText(ko.plans.noForecast)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ko.plans.autoFill }));
    expect(api.autoPlans).toHaveBeenCalledWith(TODAY, addDays(TODAY, 4));
    await waitFor(() => expect(api.toast.success).toHaveBeenCalledWith(ko.plans.autoFilled(1)));

    api.autoPlans.mockRejectedValueOnce(
      new ApiError(ko.offline.writeFailed, null, null, { network: 'offline' }),
    );
    await user.click(screen.getByRole('button', { name: ko.plans.autoFill }));
    await waitFor(() => expect(api.toast.error).toHaveBeenCalledWith(ko.offline.writeFailed));
    // A refusal shows the server's message (no location, a piece away that day).
    api.autoPlans.mockRejectedValueOnce(new ApiError(ko.plans.needsLocation, 400, {}));
    await user.click(screen.getByRole('button', { name: ko.plans.autoFill }));
    await waitFor(() => expect(api.toast.error).toHaveBeenCalledWith(ko.plans.needsLocation));
  });

  it('picks a day from the closet: only the pieces that can be worn that day, saved in the order chosen', async () => {
    const user = userEvent.setup();
    api.putPlan.mockResolvedValue(planOf(TODAY, [JEANS, KNIT]));
    renderPage();
    await waitFor(() => expect(card(TODAY)).toBeInTheDocument());
    await user.click(within(card(TODAY)).getByRole('button', { name: ko.plans.pickFromCloset }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: '청바지' })).toBeInTheDocument());
    // In the laundry through tomorrow: not offered today.
    expect(within(dialog).queryByRole('checkbox', { name: '세탁 중인 셔츠' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: ko.common.save })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: '청바지' }));
    await user.click(within(dialog).getByRole('checkbox', { name: '베이지 니트' }));
    expect(within(dialog).getByText(ko.plans.pickerCount(2))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: ko.common.save }));
    await waitFor(() =>
      expect(api.putPlan).toHaveBeenCalledWith(TODAY, { clothesIds: [JEANS.id, KNIT.id], note: null }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.toast.success).toHaveBeenCalledWith(ko.plans.saved);

    // Two days later it is back from the laundry and offered.
    await user.click(within(card(addDays(TODAY, 2))).getByRole('button', { name: ko.plans.pickFromCloset }));
    const later = await screen.findByRole('dialog');
    expect(within(later).getByRole('checkbox', { name: '세탁 중인 셔츠' })).toBeInTheDocument();
  });

  it("fills a forecast day from its recommendation, and shows the server's refusal of it", async () => {
    const user = userEvent.setup();
    api.getRecommendation.mockResolvedValue({
      weatherId: forecast()[1]!.id,
      userId: USER.id,
      clothes: planOf(TODAY, [KNIT, JEANS]).clothes,
      reason: '',
    });
    api.putPlan.mockRejectedValueOnce(new ApiError(ko.plans.unavailable('베이지 니트'), 409, {}));
    renderPage();
    const tomorrow = addDays(TODAY, 1);
    await waitFor(() => expect(within(card(tomorrow)).getByText('맑음')).toBeInTheDocument());
    await user.click(within(card(tomorrow)).getByRole('button', { name: ko.plans.fillFromRecommendation }));
    await waitFor(() =>
      expect(api.getRecommendation).toHaveBeenCalledWith(forecast()[1]!.id, { current: true }),
    );
    await waitFor(() =>
      expect(api.putPlan).toHaveBeenCalledWith(tomorrow, { clothesIds: [KNIT.id, JEANS.id], note: null }),
    );
    expect(api.toast.error).toHaveBeenCalledWith(ko.plans.unavailable('베이지 니트'));
  });
});
