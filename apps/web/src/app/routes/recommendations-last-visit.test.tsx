import { QueryClientProvider, dehydrate } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileDto, RecommendationDto, WeatherDto } from '@otboo/contract';
import { RecommendationsRoute } from '@/app/routes/recommendations';
import { ootd } from '@/features/feeds/testing/feed-fixtures';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { cacheBuster, createQueryPersister, restoreAndPersist } from '@/lib/query-persister';
import { useSession } from '@/stores/session';
import { testUser } from '@/testing/users';

const api = vi.hoisted(() => ({
  getProfile: vi.fn(),
  getWeathers: vi.fn(),
  getRecommendation: vi.fn(),
  getClothes: vi.fn(),
}));
vi.mock('@/features/users/api/get-profile', () => ({ getProfile: api.getProfile }));
vi.mock('@/features/weather/api/get-weathers', () => ({ getWeathers: api.getWeathers }));
vi.mock('@/features/recommendations/api/get-recommendation', () => ({
  getRecommendation: api.getRecommendation,
}));
vi.mock('@/features/clothes/api/get-clothes', () => ({ getClothes: api.getClothes }));

const USER = testUser();
const SEOUL = {
  latitude: 37.5665,
  longitude: 126.978,
  x: 60,
  y: 127,
  locationNames: ['서울특별시', '중구', '명동'],
};
const PROFILE: ProfileDto = {
  userId: USER.id,
  name: USER.name,
  profileImageUrl: null,
  gender: null,
  birthDate: null,
  location: SEOUL,
  temperatureSensitivity: 2.5,
};

/** Five days from today; `batch` names the forecast batch, whose ids differ from another batch's. */
function days(batch: string): WeatherDto[] {
  return Array.from({ length: 5 }, (_, i) => ({
    id: `${batch}000000${i}-0000-4000-8000-000000000000`,
    forecastedAt: new Date().toISOString(),
    forecastAt: new Date(Date.now() + i * 86_400_000).toISOString(),
    location: SEOUL,
    skyStatus: 'CLEAR',
    precipitation: { type: 'NONE', amount: 0, probability: 10 },
    humidity: { current: 55, comparedToDayBefore: 2 },
    temperature: { current: 15.6 + i, min: 9 + i, max: 18 + i, comparedToDayBefore: 1 },
    windSpeed: { speed: 2.5, asWord: 'WEAK' },
    source: 'open-meteo',
    stale: false,
  }));
}

const outfit = (weatherId: string, name: string): RecommendationDto => ({
  weatherId,
  userId: USER.id,
  clothes: [ootd(1, { name }), ootd(2, { name: '치노 팬츠', type: 'BOTTOM' })],
  reason: '체감 16°C · 가벼운 긴팔 차림을 골랐어요',
});

/** The phone's storage as the last visit left it: the profile, the days and today's outfit. */
function keptOnThePhone() {
  const lastVisit = createQueryClient();
  const kept = days('a');
  const updatedAt = Date.now() - 60 * 60_000;
  lastVisit.setQueryData(queryKeys.users.profile(USER.id), PROFILE, { updatedAt });
  lastVisit.setQueryData(queryKeys.weather.forecast(SEOUL), kept, { updatedAt });
  lastVisit.setQueryData(
    queryKeys.recommendations.detail(kept[0]!.id),
    { recommendation: outfit(kept[0]!.id, '어제 받은 셔츠'), closetEmpty: false },
    { updatedAt },
  );
  const storage = new Map<string, string>();
  storage.set(
    'kept',
    JSON.stringify({
      timestamp: Date.now(),
      buster: cacheBuster(USER.id),
      clientState: dehydrate(lastVisit),
    }),
  );
  return createQueryPersister({
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
    owner: () => USER.id,
    key: 'kept',
  });
}

/** A promise and its resolver, to answer a request when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("a returning user's home (issue 23)", () => {
  beforeEach(() => {
    useSession.setState({ accessToken: 'token', user: USER });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    useSession.setState({ accessToken: null, user: null });
  });

  it('shows the outfit kept on the phone at once, marked, and the fresh one in its place without a skeleton', async () => {
    const client = createQueryClient();
    const persister = keptOnThePhone();
    const stop = restoreAndPersist(client, USER.id, persister);
    // Fresh answers: the forecast of a newer batch (other ids), then that day's outfit.
    const profile = deferred<ProfileDto>();
    const weathers = deferred<WeatherDto[]>();
    const recommendation = deferred<RecommendationDto>();
    api.getProfile.mockReturnValue(profile.promise);
    api.getWeathers.mockReturnValue(weathers.promise);
    api.getRecommendation.mockReturnValue(recommendation.promise);

    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <RecommendationsRoute />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // The first render: the kept days and outfit, marked, and no skeleton.
    expect(screen.getByTestId('current-temperature')).toHaveTextContent('16°');
    const kept = screen.getByRole('list', { name: '추천 옷 목록' });
    expect(within(kept).getAllByRole('article')[0]).toHaveAccessibleName('어제 받은 셔츠');
    expect(screen.getByTestId('last-received')).toHaveTextContent('마지막으로 받은 추천');
    expect(screen.queryByTestId('recommendation-skeletons')).toBeNull();
    // Everything is asked again at once, not one after another.
    expect(api.getProfile).toHaveBeenCalledOnce();
    expect(api.getWeathers).toHaveBeenCalledOnce();
    expect(api.getRecommendation).toHaveBeenCalledWith(days('a')[0]!.id, { current: true });

    const fresh = days('b');
    await act(async () => {
      profile.resolve(PROFILE);
      weathers.resolve(fresh);
      await weathers.promise;
    });
    // The newer batch names today by another id: the kept outfit stays, still marked, until its own comes.
    expect(api.getRecommendation).toHaveBeenLastCalledWith(fresh[0]!.id, { current: true });
    expect(screen.getByTestId('last-received')).toBeInTheDocument();
    expect(screen.queryByTestId('recommendation-skeletons')).toBeNull();

    await act(async () => {
      recommendation.resolve(outfit(fresh[0]!.id, '오늘 받은 셔츠'));
      await recommendation.promise;
    });
    const list = await screen.findByRole('list', { name: '추천 옷 목록' });
    expect(within(list).getAllByRole('article')[0]).toHaveAccessibleName('오늘 받은 셔츠');
    expect(screen.queryByTestId('last-received')).toBeNull();
    stop();
  });
});
