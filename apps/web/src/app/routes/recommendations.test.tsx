import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileDto, RecommendationDto, WeatherDto } from '@otboo/contract';
import { RecommendationsRoute } from '@/app/routes/recommendations';
import { feed, ootd } from '@/features/feeds/testing/feed-fixtures';
import type { ToastAction } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { renderWithQuery } from '@/testing/query';
import { testUser } from '@/testing/users';

const api = vi.hoisted(() => ({
  getProfile: vi.fn(),
  getWeathers: vi.fn(),
  getLocation: vi.fn(),
  searchPlaces: vi.fn(),
  updateProfile: vi.fn(),
  getRecommendation: vi.fn(),
  getClothes: vi.fn(),
  createFeed: vi.fn(),
  getComments: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));
vi.mock('@/features/users/api/get-profile', () => ({ getProfile: api.getProfile }));
vi.mock('@/features/weather/api/get-weathers', () => ({ getWeathers: api.getWeathers }));
vi.mock('@/features/weather/api/get-location', () => ({ getLocation: api.getLocation }));
vi.mock('@/features/weather/api/search-places', () => ({ searchPlaces: api.searchPlaces }));
vi.mock('@/features/users/api/update-profile', () => ({ updateProfile: api.updateProfile }));
vi.mock('@/features/recommendations/api/get-recommendation', () => ({
  getRecommendation: api.getRecommendation,
}));
vi.mock('@/features/clothes/api/get-clothes', () => ({ getClothes: api.getClothes }));
vi.mock('@/features/feeds/api/create-feed', () => ({ createFeed: api.createFeed }));
vi.mock('@/features/feeds/api/get-comments', () => ({ getComments: api.getComments }));
vi.mock('@/lib/toast', () => ({ toast: api.toast }));

const USER = testUser();
const SEOUL = {
  latitude: 37.5665,
  longitude: 126.978,
  x: 60,
  y: 127,
  locationNames: ['서울특별시', '중구', '명동'],
};
const page = <T,>(data: T[], totalCount = data.length) => ({
  data,
  hasNext: false,
  nextCursor: null,
  nextIdAfter: null,
  totalCount,
  sortBy: 'createdAt',
  sortDirection: 'DESCENDING',
});

function profile(location: ProfileDto['location']): ProfileDto {
  return {
    userId: USER.id,
    name: USER.name,
    profileImageUrl: null,
    gender: null,
    birthDate: null,
    location,
    temperatureSensitivity: 2.5,
  };
}

/** Five days from today (Seoul), each a degree warmer. */
function days(overrides: Partial<WeatherDto> = {}): WeatherDto[] {
  return Array.from({ length: 5 }, (_, i) => ({
    id: `w000000${i}-0000-4000-8000-000000000000`,
    forecastedAt: new Date().toISOString(),
    forecastAt: new Date(Date.now() + i * 86_400_000).toISOString(),
    location: SEOUL,
    skyStatus: i === 1 ? 'CLOUDY' : 'CLEAR',
    precipitation: {
      type: i === 1 ? 'RAIN' : 'NONE',
      amount: i === 1 ? 3.2 : 0,
      probability: i === 1 ? 80 : 10,
    },
    humidity: { current: 55, comparedToDayBefore: 2 },
    temperature: { current: 15.6 + i, min: 9 + i, max: 18 + i, comparedToDayBefore: i === 0 ? 2.6 : -1 },
    windSpeed: { speed: 2.5, asWord: 'WEAK' },
    source: 'open-meteo',
    stale: false,
    ...overrides,
  }));
}

function recommendation(
  weatherId: string,
  clothes = [ootd(1, { name: '린넨 셔츠' }), ootd(2, { name: '치노 팬츠', type: 'BOTTOM' })],
): RecommendationDto {
  return { weatherId, userId: USER.id, clothes, reason: '체감 16°C · 가벼운 긴팔 차림을 골랐어요' };
}

function renderPage() {
  return renderWithQuery(
    <MemoryRouter>
      <RecommendationsRoute />
    </MemoryRouter>,
  );
}

const dayButtons = () => within(screen.getByRole('list', { name: '5일 예보' })).getAllByRole('button');

beforeEach(() => {
  useSession.setState({ accessToken: 'token', user: USER });
  api.getProfile.mockResolvedValue(profile(SEOUL));
  api.getWeathers.mockResolvedValue(days());
  api.getRecommendation.mockImplementation(async (weatherId: string) => recommendation(weatherId));
  api.getComments.mockResolvedValue(page([]));
});

afterEach(() => {
  // Unmount first: signing out under a mounted page would re-render it (and ask again) outside the test.
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
  useSession.setState({ accessToken: null, user: null });
});

describe('weather home', () => {
  it("shows the profile location's five days with today selected, and today's outfit", async () => {
    renderPage();
    expect(await screen.findByTestId('current-temperature')).toHaveTextContent('16°');
    expect(api.getWeathers).toHaveBeenCalledWith({ longitude: 126.978, latitude: 37.5665 });
    expect(screen.getByTestId('location-name')).toHaveTextContent('서울특별시 중구 명동');
    expect(screen.getByText('어제보다 +3')).toBeInTheDocument();
    expect(screen.getByText('55%')).toBeInTheDocument();
    expect(screen.getByText('2.5m/s')).toBeInTheDocument();
    expect(screen.getByText('약한 바람')).toBeInTheDocument();

    const buttons = dayButtons();
    expect(buttons.map((b) => b.textContent?.slice(0, 2))).toEqual([
      '오늘',
      '내일',
      '모레',
      expect.any(String),
      expect.any(String),
    ]);
    // After 모레, the day of the week over the date; the name reads '최저'/'최고' where the eye reads the layout.
    expect(buttons[3]).toHaveTextContent(/^[일월화수목금토]요일 ?\d+\.\d+\./);
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
    // (jsdom joins the parts without the spaces a browser puts between them.)
    expect(buttons[0]).toHaveAccessibleName(/^오늘\s*\d+\.\d+\.\s*맑음\s*최저\s*9°\s*최고\s*18°$/);

    const list = await screen.findByRole('list', { name: '추천 옷 목록' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['린넨 셔츠', '치노 팬츠']);
    expect(api.getRecommendation).toHaveBeenCalledWith(days()[0]!.id, { current: true });
    expect(screen.getByTestId('recommendation-reason')).toHaveTextContent('가벼운 긴팔 차림을 골랐어요');
    // The closet is asked only when an outfit comes back empty.
    expect(api.getClothes).not.toHaveBeenCalled();
  });

  it('shows 10 placeholder cards and 추천 중... while an outfit loads', async () => {
    api.getRecommendation.mockImplementation(() => new Promise(() => {}));
    renderPage();
    await screen.findByTestId('current-temperature');
    expect(screen.getByTestId('recommendation-skeletons').children).toHaveLength(10);
    expect(screen.getByRole('button', { name: '추천 중...' })).toBeDisabled();
  });

  it('reloads the outfit for a selected day, and asks again for another outfit', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: '추천 옷 목록' });

    await user.click(dayButtons()[1]!);
    expect(dayButtons()[1]).toHaveAttribute('aria-pressed', 'true');
    expect(dayButtons()[0]).toHaveAttribute('aria-pressed', 'false');
    // The summary follows the selected day: rain, its temperature and comparison.
    expect(screen.getByTestId('current-temperature')).toHaveTextContent('17°');
    expect(screen.getByText('어제보다 -1')).toBeInTheDocument();
    expect(screen.getByText('3.2mm')).toBeInTheDocument();
    await screen.findByRole('list', { name: '추천 옷 목록' });
    expect(api.getRecommendation).toHaveBeenLastCalledWith(days()[1]!.id, { current: true });

    api.getRecommendation.mockResolvedValueOnce(
      recommendation(days()[1]!.id, [ootd(3, { name: '레인 부츠', type: 'SHOES' })]),
    );
    await user.click(screen.getByRole('button', { name: '다른 옷 추천' }));
    expect(await screen.findByRole('article', { name: '레인 부츠' })).toBeInTheDocument();
    expect(api.getRecommendation).toHaveBeenCalledTimes(3);
    expect(api.getRecommendation).toHaveBeenLastCalledWith(days()[1]!.id, {});
  });

  it('says plainly when the days are estimated from climate normals, or an older forecast', async () => {
    api.getWeathers.mockResolvedValue(days({ source: 'climatology' }));
    const { unmount } = renderPage();
    expect(await screen.findByText('예보 서버에 연결할 수 없어 평년값으로 추정했어요')).toBeInTheDocument();
    expect(screen.queryByText('예보 서버에 연결할 수 없어 최근에 받은 예보를 보여드려요')).toBeNull();
    unmount();

    api.getWeathers.mockResolvedValue(days({ stale: true }));
    renderPage();
    expect(
      await screen.findByText('예보 서버에 연결할 수 없어 최근에 받은 예보를 보여드려요'),
    ).toBeInTheDocument();
    expect(screen.queryByText('예보 서버에 연결할 수 없어 평년값으로 추정했어요')).toBeNull();
  });

  it('invites an empty closet to the closet, and says when nothing in a full one suits the day', async () => {
    api.getRecommendation.mockImplementation(async (weatherId: string) => recommendation(weatherId, []));
    api.getClothes.mockResolvedValue(page([], 0));
    const { unmount } = renderPage();
    expect(await screen.findByText('OOTD 추천을 위해 옷장에 옷을 등록해보세요')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '옷 등록하러 가기' })).toHaveAttribute('href', '/closet');
    expect(api.getClothes).toHaveBeenCalledWith({ ownerId: USER.id, limit: 1 });
    // Nothing to post: 'OOTD 등록' is off, not the main button.
    expect(screen.getByRole('button', { name: 'OOTD 등록' })).toBeDisabled();
    unmount();

    api.getClothes.mockResolvedValue(page([], 7));
    renderPage();
    expect(await screen.findByText('추천할 옷을 찾을 수 없습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '옷 등록하러 가기' })).toBeNull();
  });

  it("asks the browser when the profile has no location, and moves on the refresh button's new place", async () => {
    api.getProfile.mockResolvedValue(profile(null));
    const positions = [
      { latitude: 37.5, longitude: 127.0 },
      { latitude: 35.18, longitude: 129.075 },
    ];
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: positions.shift()! } as GeolocationPosition),
      },
    });
    api.getLocation.mockResolvedValue({ ...SEOUL, locationNames: ['서울특별시', '서초구'] });
    let answer: (value: WeatherDto[]) => void = () => undefined;
    api.getWeathers.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderPage();
    // The place is named while its forecast is still on its way.
    expect(await screen.findByText('서울특별시 서초구')).toBeInTheDocument();
    expect(api.getLocation).toHaveBeenCalledWith({ longitude: 127.0, latitude: 37.5 });
    expect(api.getWeathers).toHaveBeenCalledWith({ longitude: 127.0, latitude: 37.5 });
    answer(days());
    await screen.findByTestId('current-temperature');

    await user.click(screen.getByRole('button', { name: '위치 새로고침' }));
    await waitFor(() =>
      expect(api.getWeathers).toHaveBeenLastCalledWith({ longitude: 129.075, latitude: 35.18 }),
    );
    expect(await screen.findByTestId('current-temperature')).toBeInTheDocument();
  });

  it('offers the place search when geolocation is refused, and keeps the picked place in the profile', async () => {
    api.getProfile.mockResolvedValue(profile(null));
    const prompt = vi.fn(() => null);
    vi.stubGlobal('prompt', prompt);
    const HAEUNDAE = {
      latitude: 35.163,
      longitude: 129.1636,
      x: 99,
      y: 75,
      locationNames: ['부산광역시', '해운대구'],
    };
    api.searchPlaces.mockResolvedValue([HAEUNDAE]);
    api.getClothes.mockResolvedValue(page([], 0));
    api.updateProfile.mockImplementation(async (_id: string, request: { location: unknown }) => ({
      ...profile(HAEUNDAE),
      location: request.location,
    }));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('위치를 알 수 없어 날씨를 보여드릴 수 없어요.')).toBeInTheDocument();
    // No day to dress for: the panel says why instead of loading forever.
    expect(screen.getByText('날씨 정보를 불러오면 옷을 추천해드려요')).toBeInTheDocument();
    expect(screen.queryByTestId('recommendation-skeletons')).toBeNull();
    expect(screen.getByRole('button', { name: '다른 옷 추천' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'OOTD 등록' })).toBeDisabled();
    // What to do first: a place (the search above), and clothes, with the way to the closet.
    const guide = await screen.findByRole('region', { name: '오늘의 옷을 추천받으려면' });
    expect(within(guide).getByText('동네 정하기')).toBeInTheDocument();
    expect(within(guide).getByRole('link', { name: '옷 등록하러 가기' })).toHaveAttribute('href', '/closet');
    expect(api.getWeathers).not.toHaveBeenCalled();
    // The search comes first; the prompts only behind '좌표로 입력', and cancelling them changes nothing.
    expect(prompt).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '좌표로 입력' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(api.getWeathers).not.toHaveBeenCalled();

    await user.type(screen.getByRole('combobox', { name: '지역 검색' }), '해운대');
    await user.click(await screen.findByRole('option', { name: '부산광역시 해운대구' }));
    await waitFor(() =>
      expect(api.getWeathers).toHaveBeenCalledWith({ longitude: 129.1636, latitude: 35.163 }),
    );
    expect(api.searchPlaces).toHaveBeenLastCalledWith('해운대', expect.any(Number), expect.anything());
    expect(api.updateProfile).toHaveBeenCalledWith(USER.id, { location: HAEUNDAE });
    expect(await screen.findByTestId('current-temperature')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    // The level picked, not the names the forecast's coordinates resolve to ('서울특별시 중구 명동' here).
    expect(screen.getByTestId('location-name')).toHaveTextContent(/^부산광역시 해운대구$/);
    expect(screen.queryByRole('region', { name: '오늘의 옷을 추천받으려면' })).toBeNull();
  });

  it('shows the failure in Korean with a retry that asks again', async () => {
    const { ApiError } = await import('@/lib/api-client');
    api.getWeathers.mockRejectedValueOnce(
      new ApiError('날씨 정보를 불러올 수 없습니다. 잠시 후 다시 시도해주세요.', 503, null),
    );
    const user = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('날씨 정보를 불러오지 못했습니다.');
    expect(alert).toHaveTextContent('날씨 정보를 불러올 수 없습니다. 잠시 후 다시 시도해주세요.');
    await user.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByTestId('current-temperature')).toBeInTheDocument();
    expect(api.getWeathers).toHaveBeenCalledTimes(2);
  });
});

describe('recommendation failures', () => {
  it('shows the server message with a retry that asks again for the same day', async () => {
    const { ApiError } = await import('@/lib/api-client');
    api.getRecommendation.mockRejectedValueOnce(new ApiError('날씨 정보를 찾을 수 없습니다.', 404, null));
    const user = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('날씨 정보를 찾을 수 없습니다.');
    await user.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('list', { name: '추천 옷 목록' })).toBeInTheDocument();
    expect(api.getRecommendation).toHaveBeenCalledTimes(2);
    expect(api.getRecommendation).toHaveBeenLastCalledWith(days()[0]!.id, { current: true });
  });
});

describe('OOTD registration', () => {
  it('posts the outfit for the selected day and opens the new feed from the toast', async () => {
    const created = feed({
      id: 'f0000000-0000-4000-8000-0000000000aa',
      content: '한강 산책 코디',
      author: { userId: USER.id, name: USER.name, profileImageUrl: null },
    });
    api.createFeed.mockResolvedValue(created);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: '추천 옷 목록' });
    await user.click(dayButtons()[2]!);
    await screen.findByRole('list', { name: '추천 옷 목록' });

    await user.click(screen.getByRole('button', { name: 'OOTD 등록' }));
    const dialog = screen.getByRole('dialog', { name: 'OOTD 등록하기' });
    await user.type(within(dialog).getByRole('textbox', { name: 'OOTD 설명' }), '  한강 산책 코디  ');
    await user.click(within(dialog).getByRole('button', { name: '등록' }));

    expect(api.createFeed).toHaveBeenCalledWith({
      authorId: USER.id,
      weatherId: days()[2]!.id,
      clothesIds: [ootd(1).clothesId, ootd(2).clothesId],
      content: '한강 산책 코디',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'OOTD 등록하기' })).toBeNull());
    expect(api.toast.success).toHaveBeenCalledWith(
      'OOTD 등록이 완료되었습니다.',
      expect.objectContaining({ label: '등록된 피드 확인' }),
    );

    const action = api.toast.success.mock.calls[0]![1] as ToastAction;
    act(() => action.onClick());
    const detail = await screen.findByRole('dialog', { name: '작성자님의 피드' });
    expect(within(detail).getByText('한강 산책 코디')).toBeInTheDocument();
  });

  it('keeps the dialog open with the failure toast, and forgets the draft once closed', async () => {
    api.createFeed.mockRejectedValue(new Error('down'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: '추천 옷 목록' });

    await user.click(screen.getByRole('button', { name: 'OOTD 등록' }));
    let dialog = screen.getByRole('dialog', { name: 'OOTD 등록하기' });
    await user.click(within(dialog).getByRole('button', { name: '등록' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('1 OOTD에 대한 설명을 입력해주세요.');
    expect(api.createFeed).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: 'OOTD 설명' }), '실패할 글');
    await user.click(within(dialog).getByRole('button', { name: '등록' }));
    await waitFor(() => expect(api.toast.error).toHaveBeenCalledWith('OOTD 등록을 실패했습니다.'));
    expect(within(dialog).getByRole('button', { name: '등록' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    await user.click(screen.getByRole('button', { name: 'OOTD 등록' }));
    dialog = screen.getByRole('dialog', { name: 'OOTD 등록하기' });
    expect(within(dialog).getByRole('textbox', { name: 'OOTD 설명' })).toHaveValue('');
  });
});
