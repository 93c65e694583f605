import { cleanup, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileDto, RecommendationDto, WeatherDto } from '@otboo/contract';
import { RecommendationsRoute } from '@/app/routes/recommendations';
import { useSession } from '@/stores/session';
import { renderWithQuery } from '@/testing/query';
import { testUser } from '@/testing/users';

const api = vi.hoisted(() => ({
  getProfile: vi.fn(),
  getWeathers: vi.fn(),
  getRecommendation: vi.fn(),
}));
vi.mock('@/features/users/api/get-profile', () => ({ getProfile: api.getProfile }));
vi.mock('@/features/weather/api/get-weathers', () => ({ getWeathers: api.getWeathers }));
vi.mock('@/features/recommendations/api/get-recommendation', () => ({
  getRecommendation: api.getRecommendation,
}));

const USER = testUser();
const SEOUL = {
  latitude: 37.5665,
  longitude: 126.978,
  x: 60,
  y: 127,
  locationNames: ['서울특별시', '중구', '명동'],
};
const DAY_MS = 86_400_000;

/** Five days from today, each at noon in Seoul (03:00 UTC), so that each is a Seoul calendar day of its own. */
function days(): WeatherDto[] {
  const todayNoon = new Date(`${seoulDay(0)}T03:00:00.000Z`).getTime();
  return Array.from({ length: 5 }, (_, i) => ({
    id: `w000000${i}-0000-4000-8000-000000000000`,
    forecastedAt: new Date().toISOString(),
    forecastAt: new Date(todayNoon + i * DAY_MS).toISOString(),
    location: SEOUL,
    skyStatus: 'CLEAR',
    precipitation: { type: 'NONE', amount: 0, probability: 10 },
    humidity: { current: 55, comparedToDayBefore: 2 },
    temperature: { current: 15, min: 9, max: 18, comparedToDayBefore: 0 },
    windSpeed: { speed: 2.5, asWord: 'WEAK' },
    source: 'open-meteo',
    stale: false,
  }));
}

/** `YYYY-MM-DD` in Seoul, `offset` days from today. */
function seoulDay(offset: number): string {
  return new Date(Date.now() + 9 * 3_600_000 + offset * DAY_MS).toISOString().slice(0, 10);
}

function profile(): ProfileDto {
  return {
    userId: USER.id,
    name: USER.name,
    profileImageUrl: null,
    gender: null,
    birthDate: null,
    location: SEOUL,
    temperatureSensitivity: 2.5,
  };
}

const renderAt = (address: string) =>
  renderWithQuery(
    <MemoryRouter initialEntries={[address]}>
      <RecommendationsRoute />
    </MemoryRouter>,
  );

beforeEach(() => {
  useSession.setState({ accessToken: 'token', user: USER });
  api.getProfile.mockResolvedValue(profile());
  api.getWeathers.mockResolvedValue(days());
  api.getRecommendation.mockImplementation(async (weatherId: string): Promise<RecommendationDto> => ({
    weatherId,
    userId: USER.id,
    clothes: [],
    reason: '',
  }));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useSession.setState({ accessToken: null, user: null });
});

describe('the home on a day (a notification’s `?date=`, docs/api.md §9.9)', () => {
  it('opens on the day the address names', async () => {
    renderAt(`/recommendations?date=${seoulDay(1)}`);
    await waitFor(() => expect(api.getRecommendation).toHaveBeenCalled());
    expect(api.getRecommendation.mock.calls.map(([id]) => id)).toEqual([days()[1]!.id]);
  });

  it('opens on today without a date, or with a day the forecast does not have', async () => {
    renderAt(`/recommendations?date=${seoulDay(30)}`);
    await waitFor(() => expect(api.getRecommendation).toHaveBeenCalled());
    expect(api.getRecommendation.mock.calls.map(([id]) => id)).toEqual([days()[0]!.id]);
  });
});
