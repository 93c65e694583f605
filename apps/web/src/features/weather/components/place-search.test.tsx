import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Location } from '@otboo/contract';
import { PlaceSearch } from '@/features/weather/components/place-search';
import { ApiError } from '@/lib/api-client';
import { renderWithQuery } from '@/testing/query';

const api = vi.hoisted(() => ({ searchPlaces: vi.fn() }));
vi.mock('@/features/weather/api/search-places', () => ({ searchPlaces: api.searchPlaces }));

const place = (names: string[], x: number): Location => ({
  latitude: 35 + x / 100,
  longitude: 129 + x / 100,
  x,
  y: 75,
  locationNames: names,
});
const HAEUNDAE = place(['부산광역시', '해운대구'], 99);
const U_DONG = place(['부산광역시', '해운대구', '우1동'], 98);

function renderSearch() {
  const onChoose = vi.fn();
  const onEnterCoordinates = vi.fn();
  const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
  renderWithQuery(
    <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
      <PlaceSearch onChoose={onChoose} onEnterCoordinates={onEnterCoordinates} />
    </form>,
  );
  return {
    onChoose,
    onEnterCoordinates,
    onSubmit,
    input: screen.getByRole('combobox', { name: '지역 검색' }),
  };
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('PlaceSearch (동네 이름으로 찾기)', () => {
  it('asks once the typing pauses, and picks a suggestion by click', async () => {
    api.searchPlaces.mockResolvedValue([HAEUNDAE, U_DONG]);
    const user = userEvent.setup();
    const { input, onChoose } = renderSearch();
    expect(input).toHaveAttribute('placeholder', '동네 이름 (예: 강남구)');
    await user.type(input, '해운대');
    await screen.findByRole('option', { name: '부산광역시 해운대구' });
    // One request for the word, not one per key stroke.
    expect(api.searchPlaces).toHaveBeenCalledTimes(1);
    expect(api.searchPlaces).toHaveBeenCalledWith('해운대', 8, expect.any(AbortSignal));
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('option', { name: '부산광역시 해운대구 우1동' }));
    expect(onChoose).toHaveBeenCalledWith(U_DONG);
    expect(input).toHaveValue('부산광역시 해운대구 우1동');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves with the arrow keys and picks with Enter, without submitting the form around it', async () => {
    api.searchPlaces.mockResolvedValue([HAEUNDAE, U_DONG]);
    const user = userEvent.setup();
    const { input, onChoose, onSubmit } = renderSearch();
    await user.type(input, '해운대');
    await screen.findByRole('option', { name: '부산광역시 해운대구' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: '부산광역시 해운대구 우1동' });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith(U_DONG);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes the first suggestion on Enter when none is highlighted', async () => {
    api.searchPlaces.mockResolvedValue([HAEUNDAE, U_DONG]);
    const user = userEvent.setup();
    const { input, onChoose, onSubmit } = renderSearch();
    await user.type(input, '해운대');
    await screen.findByRole('option', { name: '부산광역시 해운대구' });
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith(HAEUNDAE);
    expect(input).toHaveValue('부산광역시 해운대구');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes the first suggestion of an Enter pressed before the suggestions came', async () => {
    api.searchPlaces.mockResolvedValue([HAEUNDAE, U_DONG]);
    const user = userEvent.setup();
    const { input, onChoose } = renderSearch();
    // Typed and entered at once: the debounce has not asked yet, so Enter asks.
    await user.type(input, '해운대{Enter}');
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith(HAEUNDAE));
    expect(onChoose).toHaveBeenCalledOnce();
    expect(input).toHaveValue('부산광역시 해운대구');
    expect(api.searchPlaces).toHaveBeenCalledWith('해운대', 8, expect.any(AbortSignal));
  });

  it('closes the suggestions on Escape', async () => {
    api.searchPlaces.mockResolvedValue([HAEUNDAE]);
    const user = userEvent.setup();
    const { input } = renderSearch();
    await user.type(input, '해운대');
    await screen.findByRole('option', { name: '부산광역시 해운대구' });
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('says when nothing matches, and when the search fails', async () => {
    api.searchPlaces.mockResolvedValueOnce([]);
    const user = userEvent.setup();
    const { input } = renderSearch();
    await user.type(input, '홍대입구');
    // The table has 동/구/시 names, not stations: the answer says what to type instead.
    expect(
      await screen.findByText(
        '‘홍대입구’와 맞는 지역이 없어요. 동네 이름(예: 서교동, 마포구)으로 찾아보세요.',
      ),
    ).toBeInTheDocument();
    api.searchPlaces.mockRejectedValueOnce(new ApiError('서버 오류', 500, null));
    await user.clear(input);
    await user.type(input, '강남');
    expect(await screen.findByText('지역을 찾지 못했습니다. 잠시 후 다시 시도해주세요.')).toBeInTheDocument();
  });

  it('asks nothing for a blank box, and keeps the coordinate prompts behind 좌표로 입력', async () => {
    const user = userEvent.setup();
    const { input, onEnterCoordinates } = renderSearch();
    await user.type(input, '   ');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.searchPlaces).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '좌표로 입력' }));
    await waitFor(() => expect(onEnterCoordinates).toHaveBeenCalledOnce());
  });
});
