import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClothesDto, OotdDto, PlanDto } from '@otboo/contract';
import { PlanDayCard } from '@/features/plans/components/plan-day-card';

const piece = (n: number, name: string, type: OotdDto['type']): OotdDto => ({
  clothesId: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  type,
  imageUrl: null,
  thumbnailUrl: null,
  attributes: [],
});
const KNIT = piece(1, '베이지 니트', 'TOP');
const JEANS = piece(2, '청바지', 'BOTTOM');
const COAT = piece(3, '울 코트', 'OUTER');

const inCloset = (p: OotdDto, state: 'AVAILABLE' | 'LAUNDRY' | 'LENT'): ClothesDto =>
  ({
    id: p.clothesId!,
    ownerId: 'u',
    name: p.name,
    type: p.type,
    imageUrl: null,
    attributes: [],
    availability: { state, since: null, until: '2026-11-29' },
  }) as unknown as ClothesDto;

const handlers = () => ({ onPick: vi.fn(), onRecommend: vi.fn(), onNote: vi.fn(), onClear: vi.fn() });

afterEach(cleanup);

describe("a day of '이번 주 코디'", () => {
  it('flags each planned piece away that day with its reason, and no other', () => {
    const plan: PlanDto = {
      date: '2026-11-29',
      clothes: [KNIT, JEANS, COAT],
      note: '등산',
      weather: null,
      unavailableClothesIds: [KNIT.clothesId!, COAT.clothesId!],
    };
    // The coat is not in the closet list: archived.
    const closet = new Map(
      [KNIT, JEANS].map((p, i) => [p.clothesId!, inCloset(p, i === 0 ? 'LAUNDRY' : 'AVAILABLE')]),
    );
    render(
      <PlanDayCard
        date="2026-11-29"
        isToday={false}
        weather={<p>예보 없음</p>}
        hasForecast={false}
        plan={plan}
        closet={closet}
        busy={false}
        {...handlers()}
      />,
    );
    const card = screen.getByRole('article', { name: '11월 29일 (일)' });
    const pieces = within(card).getAllByRole('listitem');
    expect(pieces.map((li) => li.textContent?.replace('사진 없음', ''))).toEqual([
      '베이지 니트상의세탁 중',
      '청바지하의',
      '울 코트아우터보관함',
    ]);
    expect(within(card).getByText('이 날 입을 수 없는 옷이 있어요')).toBeInTheDocument();
    expect(within(card).getByText('등산')).toBeInTheDocument();
    expect(within(card).getByText('예보 없음')).toBeInTheDocument();
    // No forecast: no '추천으로 채우기'.
    expect(within(card).queryByRole('button', { name: /추천으로 채우기/ })).toBeNull();
  });

  it('offers the closet and, on a forecast day, the recommendation; clearing and the note only with a plan', async () => {
    const user = userEvent.setup();
    const h = handlers();
    const weather = <p>맑음</p>;
    render(
      <PlanDayCard
        date="2026-11-28"
        isToday
        weather={weather}
        hasForecast
        plan={undefined}
        closet={undefined}
        busy={false}
        {...h}
      />,
    );
    const card = screen.getByRole('article', { name: /^11월 28일 \(토\)\s*오늘$/ });
    expect(within(card).getByText('아직 계획이 없어요')).toBeInTheDocument();
    expect(within(card).getByText('맑음')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /비우기/ })).toBeNull();
    await user.click(within(card).getByRole('button', { name: '옷장에서 고르기' }));
    await user.click(within(card).getByRole('button', { name: '추천으로 채우기' }));
    expect(h.onPick).toHaveBeenCalledOnce();
    expect(h.onRecommend).toHaveBeenCalledOnce();
  });
});
