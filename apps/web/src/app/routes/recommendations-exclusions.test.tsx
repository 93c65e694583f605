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

// '이 옷 빼기' on the weather home (docs/api.md §4, §10) and the day's outfit staying put; the page's other
// behaviour is in recommendations.test.tsx.

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
const TOMORROW = 'w0000001-0000-4000-8000-000000000000';

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
const BOOTS = piece(3, '레인부츠', 'SHOES', '비 오는 날에도 젖지 않는 방수 레인부츠');
const KNIT = piece(4, '그레이 니트', 'TOP', '울 코트와 어울리는 그레이 니트');
const SHIRT = piece(5, '화이트 셔츠', 'TOP', '울 코트와 어울리는 화이트 셔츠');

/**
 * The server of docs/api.md §4 and §10 in miniature: an outer and the boots, or with `tops` an outer, a top and
 * the boots. Each slot takes its kept piece, else its first piece not taken out, counting from the round's
 * position; the call without `current` or `keepClothesIds` ('다른 옷 추천') moves the round on.
 */
function serve(initiallyExcluded: string[] = [], { tops = false } = {}) {
  const excluded = new Set(initiallyExcluded);
  const slots = [[COAT, TRENCH], ...(tops ? [[KNIT, SHIRT]] : []), [BOOTS]];
  let round = 0;
  let kept: string[] = [];
  api.getRecommendation.mockImplementation(
    async (
      weatherId: string,
      options: { current?: boolean; keepClothesIds?: readonly string[] } = {},
    ): Promise<RecommendationDto> => {
      if (options.keepClothesIds) kept = [...options.keepClothesIds];
      else if (!options.current) {
        round++;
        kept = [];
      }
      const clothes = slots.flatMap((pieces) => {
        const keep = pieces.find((p) => kept.includes(p.clothesId ?? ''));
        if (keep) return [keep];
        const open = pieces.filter((p) => !excluded.has(p.clothesId ?? ''));
        return open.length ? [open[round % open.length]!] : [];
      });
      return {
        weatherId,
        userId: USER.id,
        clothes,
        reason:
          '체감 1°C · 비 소식이 있어요 · 두꺼운 아우터를 골랐어요 — 하의가 없어요 — 옷장에 하의를 추가해보세요',
        excludedClothesIds: [...excluded],
      };
    },
  );
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
  api.getWeathers.mockResolvedValue([today, { ...today, id: TOMORROW }]);
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
    expect(within(boots).getByTestId('piece-reason')).toHaveTextContent(
      '비 오는 날에도 젖지 않는 방수 레인부츠',
    );
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
    // Asked again keeping the rest of the outfit.
    expect(api.getRecommendation).toHaveBeenLastCalledWith(TODAY, { keepClothesIds: [BOOTS.clothesId] });
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

    await user.click(within(taken).getByRole('button', { name: '되돌리기: 울 코트' }));
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
    await user.click(await within(taken).findByRole('button', { name: '되돌리기: 울 코트' }));
    await waitFor(() => expect(api.toast.error).toHaveBeenCalledExactlyOnceWith('되돌리지 못했어요'));
    expect(within(taken).getByRole('button', { name: '되돌리기: 울 코트' })).toBeEnabled();
    expect(api.getRecommendation).toHaveBeenCalledOnce();
  });

  it('swaps only that piece: the other cards stay in place while it is on its way, with no placeholders', async () => {
    serve([], { tops: true });
    const user = userEvent.setup();
    renderPage();
    expect(await outfit()).toEqual(['울 코트', '그레이 니트', '레인부츠']);
    const knit = screen.getByRole('article', { name: '그레이 니트' });
    const boots = screen.getByRole('article', { name: '레인부츠' });

    let answer: () => void = () => {};
    const served = api.getRecommendation.getMockImplementation()!;
    api.getRecommendation.mockImplementationOnce(
      (...args: Parameters<typeof served>) =>
        new Promise((resolve) => {
          answer = () => resolve(served(...args));
        }),
    );
    const coat = screen.getByRole('article', { name: '울 코트' });
    await user.click(within(coat).getByRole('button', { name: '이 옷 빼기' }));
    await waitFor(() => expect(api.getRecommendation).toHaveBeenCalledTimes(2));
    expect(api.getRecommendation).toHaveBeenLastCalledWith(TODAY, {
      keepClothesIds: [KNIT.clothesId, BOOTS.clothesId],
    });
    // On its way: no placeholders, the outfit stays, only the piece taken out waits.
    expect(screen.queryByTestId('recommendation-skeletons')).toBeNull();
    expect(within(coat).getByRole('button', { name: '이 옷 빼기' })).toBeDisabled();
    expect(within(knit).getByRole('button', { name: '이 옷 빼기' })).toBeEnabled();
    await act(async () => answer());

    expect(await outfit()).toEqual(['트렌치 코트', '그레이 니트', '레인부츠']);
    // The same cards, not new ones: nothing but the outer was drawn again.
    expect(screen.getByRole('article', { name: '그레이 니트' })).toBe(knit);
    expect(screen.getByRole('article', { name: '레인부츠' })).toBe(boots);
  });

  it("keeps the day's outfit after looking at another day and coming back; '다른 옷 추천' moves it on", async () => {
    serve([], { tops: true });
    const user = userEvent.setup();
    renderPage();
    expect(await outfit()).toEqual(['울 코트', '그레이 니트', '레인부츠']);
    const days = () => within(screen.getByRole('list', { name: '5일 예보' })).getAllByRole('button');

    await user.click(days()[1]!);
    await waitFor(() => expect(api.getRecommendation).toHaveBeenLastCalledWith(TOMORROW, { current: true }));
    await user.click(days()[0]!);
    await waitFor(() => expect(api.getRecommendation).toHaveBeenCalledTimes(3));
    expect(api.getRecommendation).toHaveBeenLastCalledWith(TODAY, { current: true });
    expect(await outfit()).toEqual(['울 코트', '그레이 니트', '레인부츠']);

    await user.click(screen.getByRole('button', { name: '다른 옷 추천' }));
    await waitFor(() => expect(api.getRecommendation).toHaveBeenLastCalledWith(TODAY, {}));
    expect(await outfit()).toEqual(['트렌치 코트', '화이트 셔츠', '레인부츠']);
    // Looking away and back again keeps the new one.
    await user.click(days()[1]!);
    await user.click(days()[0]!);
    await waitFor(() => expect(api.getRecommendation).toHaveBeenCalledTimes(6));
    expect(await outfit()).toEqual(['트렌치 코트', '화이트 셔츠', '레인부츠']);
    // While the day is asked again, the outfit held for it shows, not placeholders.
    await user.click(days()[1]!);
    api.getRecommendation.mockImplementationOnce(() => new Promise(() => {}));
    await user.click(days()[0]!);
    await waitFor(() => expect(api.getRecommendation).toHaveBeenCalledTimes(8));
    expect(screen.queryByTestId('recommendation-skeletons')).toBeNull();
    expect(await outfit()).toEqual(['트렌치 코트', '화이트 셔츠', '레인부츠']);
  });
});
