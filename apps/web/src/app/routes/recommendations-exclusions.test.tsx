import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClothesDto, RecommendationDto, RecommendedOotdDto, WeatherDto } from '@otboo/contract';
import { RecommendationsRoute } from '@/app/routes/recommendations';
import { ApiError } from '@/lib/api-client';
import type { ToastAction } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { renderWithQuery } from '@/testing/query';
import { testUser } from '@/testing/users';

// '이 옷 빼기' on the weather home (docs/api.md §4); the page's other behaviour is in recommendations.test.tsx.

const api = vi.hoisted(() => ({
  getProfile: vi.fn(),
  getWeathers: vi.fn(),
  getRecommendation: vi.fn(),
  getClothes: vi.fn(),
  createExclusion: vi.fn(),
  deleteExclusion: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));
vi.mock('@/features/users/api/get-profile', () => ({ getProfile: api.getProfile }));
vi.mock('@/features/weather/api/get-weathers', () => ({ getWeathers: api.getWeathers }));
vi.mock('@/features/recommendations/api/get-recommendation', () => ({
  getRecommendation: api.getRecommendation,
}));
vi.mock('@/features/recommendations/api/create-exclusion', () => ({ createExclusion: api.createExclusion }));
vi.mock('@/features/recommendations/api/delete-exclusion', () => ({ deleteExclusion: api.deleteExclusion }));
vi.mock('@/features/clothes/api/get-clothes', () => ({ getClothes: api.getClothes }));
vi.mock('@/lib/toast', () => ({ toast: api.toast }));

const USER = testUser();
const SEOUL = { latitude: 37.5665, longitude: 126.978, x: 60, y: 127, locationNames: ['서울특별시', '중구'] };
const TODAY = 'w0000000-0000-4000-8000-000000000000';

const today: WeatherDto = {
  id: TODAY,
  forecastedAt: new Date().toISOString(),
  forecastAt: new Date().toISOString(),
  location: SEOUL,
  skyStatus: 'CLEAR',
  precipitation: { type: 'RAIN', amount: 3, probability: 80 },
  humidity: { current: 55, comparedToDayBefore: 0 },
  temperature: { current: 4, min: 2, max: 9, comparedToDayBefore: 0 },
  windSpeed: { speed: 2, asWord: 'WEAK' },
  source: 'open-meteo',
  stale: false,
};

function piece(n: number, name: string, type: ClothesDto['type'], reason: string): RecommendedOotdDto {
  return {
    clothesId: `c0000000-0000-4000-8000-00000000000${n}`,
    name,
    imageUrl: null,
    thumbnailUrl: null,
    type,
    attributes: [],
    reason,
  };
}
const COAT = piece(1, '울 코트', 'OUTER', '아침 4°C · 두꺼운 울 코트');
const TRENCH = piece(2, '트렌치 코트', 'OUTER', '아침 4°C · 따뜻한 트렌치 코트');
const BOOTS = piece(3, '레인부츠', 'SHOES', '비 소식 · 방수 레인부츠');

/** The server of docs/api.md §4 in miniature: the first outer not taken out, and the boots; its own exclusions. */
function serve(initiallyExcluded: string[] = []) {
  const excluded = new Set(initiallyExcluded);
  api.getRecommendation.mockImplementation(async (weatherId: string): Promise<RecommendationDto> => ({
    weatherId,
    userId: USER.id,
    clothes: [...[COAT, TRENCH].filter((p) => !excluded.has(p.clothesId ?? '')).slice(0, 1), BOOTS],
    reason:
      '체감 1°C · 비 소식이 있어요 · 두꺼운 아우터를 골랐어요 — 하의가 없어요 — 옷장에 하의를 추가해보세요',
    excludedClothesIds: [...excluded],
  }));
  api.createExclusion.mockImplementation(async ({ clothesId }: { clothesId: string }) => {
    excluded.add(clothesId);
  });
  api.deleteExclusion.mockImplementation(async ({ clothesId }: { clothesId: string }) => {
    excluded.delete(clothesId);
  });
}

function renderPage() {
  return renderWithQuery(
    <MemoryRouter>
      <RecommendationsRoute />
    </MemoryRouter>,
  );
}

const outfit = async () =>
  within(await screen.findByRole('list', { name: '추천 옷 목록' }))
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

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
  });
  api.getWeathers.mockResolvedValue([today]);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useSession.setState({ accessToken: null, user: null });
});

// Each test renders the whole page and waits for two or three outfits: ~4 s alone, more on a busy machine.
describe("'이 옷 빼기'", { timeout: 15_000 }, () => {
  it('shows each piece with its reason, and keeps a long outfit reason whole-worded', async () => {
    serve();
    renderPage();
    expect(await outfit()).toEqual(['울 코트', '레인부츠']);
    const boots = screen.getByRole('article', { name: '레인부츠' });
    expect(within(boots).getByTestId('piece-reason')).toHaveTextContent('비 소식 · 방수 레인부츠');
    expect(within(boots).getByRole('button', { name: '추천 이유' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    const reason = screen.getByTestId('recommendation-reason');
    expect(reason).toHaveTextContent('옷장에 하의를 추가해보세요');
    expect(reason.querySelector('span')).toHaveClass('break-keep');
    expect(screen.queryByRole('region', { name: '오늘 뺀 옷' })).toBeNull();
  });

  it('takes the garment out of the day, asks again, lists it under 오늘 뺀 옷 and undoes from the toast', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    await outfit();

    await user.click(
      within(screen.getByRole('article', { name: '울 코트' })).getByRole('button', { name: '이 옷 빼기' }),
    );
    expect(api.createExclusion).toHaveBeenCalledExactlyOnceWith({
      weatherId: TODAY,
      clothesId: COAT.clothesId,
    });
    await waitFor(() => expect(api.getRecommendation).toHaveBeenCalledTimes(2));
    expect(await outfit()).toEqual(['트렌치 코트', '레인부츠']);
    expect(api.toast.success).toHaveBeenCalledExactlyOnceWith(
      '오늘 추천에서 뺐어요',
      expect.objectContaining({ label: '되돌리기' }),
    );
    // Named from its card: the closet is not read for it.
    const taken = screen.getByRole('region', { name: '오늘 뺀 옷' });
    expect(within(taken).getByRole('listitem')).toHaveTextContent('울 코트');
    expect(api.getClothes).not.toHaveBeenCalled();

    const undo = api.toast.success.mock.calls[0]?.[1] as ToastAction;
    act(() => undo.onClick());
    await waitFor(() =>
      expect(api.deleteExclusion).toHaveBeenCalledExactlyOnceWith({
        weatherId: TODAY,
        clothesId: COAT.clothesId,
      }),
    );
    await waitFor(() => expect(api.getRecommendation).toHaveBeenCalledTimes(3));
    expect(await outfit()).toEqual(['울 코트', '레인부츠']);
    expect(screen.queryByRole('region', { name: '오늘 뺀 옷' })).toBeNull();
  });

  it("undoes from the '오늘 뺀 옷' list, which names garments taken out earlier from the closet", async () => {
    serve([COAT.clothesId ?? '']);
    const closetPage = (data: Pick<ClothesDto, 'id' | 'name'>[], hasNext: boolean) => ({
      data,
      hasNext,
      nextCursor: hasNext ? 'cursor-2' : null,
      nextIdAfter: hasNext ? 'id-2' : null,
      totalCount: 101,
      sortBy: 'createdAt',
      sortDirection: 'DESCENDING',
    });
    api.getClothes
      .mockResolvedValueOnce(closetPage([{ id: 'x', name: '다른 옷' }], true))
      .mockResolvedValueOnce(closetPage([{ id: COAT.clothesId ?? '', name: '울 코트' }], false));
    const user = userEvent.setup();
    renderPage();
    expect(await outfit()).toEqual(['트렌치 코트', '레인부츠']);

    const taken = await screen.findByRole('region', { name: '오늘 뺀 옷' });
    expect(await within(taken).findByRole('listitem')).toHaveTextContent('울 코트');
    expect(api.getClothes).toHaveBeenNthCalledWith(1, { ownerId: USER.id, limit: 100 });
    expect(api.getClothes).toHaveBeenNthCalledWith(2, {
      ownerId: USER.id,
      limit: 100,
      cursor: 'cursor-2',
      idAfter: 'id-2',
    });

    await user.click(within(taken).getByRole('button', { name: '울 코트 되돌리기' }));
    expect(api.deleteExclusion).toHaveBeenCalledExactlyOnceWith({
      weatherId: TODAY,
      clothesId: COAT.clothesId,
    });
    await waitFor(() => expect(api.getRecommendation).toHaveBeenCalledTimes(2));
    expect(await outfit()).toEqual(['울 코트', '레인부츠']);
    expect(screen.queryByRole('region', { name: '오늘 뺀 옷' })).toBeNull();
    expect(api.toast.error).not.toHaveBeenCalled();
  });

  it("says the server's message when it refuses, and the card stays", async () => {
    serve();
    api.createExclusion.mockRejectedValueOnce(
      new ApiError('본인의 옷만 추천에서 뺄 수 있습니다.', 403, null),
    );
    const user = userEvent.setup();
    renderPage();
    await outfit();

    const card = screen.getByRole('article', { name: '울 코트' });
    await user.click(within(card).getByRole('button', { name: '이 옷 빼기' }));
    await waitFor(() =>
      expect(api.toast.error).toHaveBeenCalledExactlyOnceWith('본인의 옷만 추천에서 뺄 수 있습니다.'),
    );
    expect(within(card).getByRole('button', { name: '이 옷 빼기' })).toBeEnabled();
    expect(await outfit()).toEqual(['울 코트', '레인부츠']);
    expect(api.getRecommendation).toHaveBeenCalledOnce();
    expect(api.toast.success).not.toHaveBeenCalled();
  });

  it('says it could not, when there is no message of the server to show', async () => {
    serve();
    api.createExclusion.mockRejectedValueOnce(new ApiError('API 요청에 실패했습니다.', null, null));
    const user = userEvent.setup();
    renderPage();
    await outfit();
    await user.click(
      within(screen.getByRole('article', { name: '레인부츠' })).getByRole('button', { name: '이 옷 빼기' }),
    );
    await waitFor(() => expect(api.toast.error).toHaveBeenCalledExactlyOnceWith('옷을 빼지 못했어요'));
    expect(screen.getByRole('article', { name: '레인부츠' })).toBeInTheDocument();
  });

  it('says so when the undo fails, and the garment stays out', async () => {
    serve([COAT.clothesId ?? '']);
    api.getClothes.mockResolvedValue({
      data: [{ id: COAT.clothesId, name: '울 코트' }],
      hasNext: false,
      nextCursor: null,
      nextIdAfter: null,
      totalCount: 1,
      sortBy: 'createdAt',
      sortDirection: 'DESCENDING',
    });
    api.deleteExclusion.mockRejectedValueOnce(new Error('down'));
    const user = userEvent.setup();
    renderPage();
    const taken = await screen.findByRole('region', { name: '오늘 뺀 옷' });
    await user.click(await within(taken).findByRole('button', { name: '울 코트 되돌리기' }));
    await waitFor(() => expect(api.toast.error).toHaveBeenCalledExactlyOnceWith('되돌리지 못했어요'));
    expect(within(taken).getByRole('button', { name: '울 코트 되돌리기' })).toBeEnabled();
    expect(api.getRecommendation).toHaveBeenCalledOnce();
  });
});
