import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecommendedOotdDto } from '@otboo/contract';
import { RecommendedPiece } from '@/features/recommendations/components/recommended-piece';

const COAT: RecommendedOotdDto = {
  clothesId: '00000000-0000-4000-8000-000000000001',
  name: '울 코트',
  imageUrl: null,
  thumbnailUrl: null,
  type: 'OUTER',
  attributes: [],
  reason: '아침 4°C · 두꺼운 울 코트',
};

afterEach(cleanup);

describe('a recommended piece', () => {
  it("shows why it was chosen: a '추천 이유' disclosure on the phone, the text itself from lg", async () => {
    const user = userEvent.setup();
    render(<RecommendedPiece piece={COAT} onExclude={vi.fn()} />);
    const card = screen.getByRole('article', { name: '울 코트' });
    const disclosure = within(card).getByRole('button', { name: '추천 이유' });
    const text = within(card).getByTestId('piece-reason');
    expect(text).toHaveTextContent('추천 이유: 아침 4°C · 두꺼운 울 코트');
    expect(disclosure).toHaveAttribute('aria-controls', text.id);
    // jsdom applies no stylesheet: the classes are what the browser shows (the e2e journey looks at 390 and 1440 px).
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    expect(disclosure).toHaveClass('lg:hidden');
    expect(text).toHaveClass('hidden', 'lg:flex');

    await user.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    expect(text).not.toHaveClass('hidden');
    await user.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    expect(text).toHaveClass('hidden');
  });

  it('keeps long reasons whole-worded', () => {
    render(<RecommendedPiece piece={{ ...COAT, reason: '비 소식 · 방수 레인부츠 — 비에 약한 소재예요' }} />);
    expect(screen.getByTestId('piece-reason')).toHaveClass('break-keep');
  });

  it("has no disclosure when the server gave no reason (an older answer's pieces)", () => {
    const { reason: _, ...withoutReason } = COAT;
    render(<RecommendedPiece piece={withoutReason} onExclude={vi.fn()} />);
    expect(screen.queryByRole('button', { name: '추천 이유' })).toBeNull();
    expect(screen.queryByTestId('piece-reason')).toBeNull();
  });

  it("'이 옷 빼기' hands over the garment's id and name, and waits while its call is on its way", async () => {
    const onExclude = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<RecommendedPiece piece={COAT} onExclude={onExclude} />);
    await user.click(screen.getByRole('button', { name: '이 옷 빼기' }));
    expect(onExclude).toHaveBeenCalledExactlyOnceWith({ clothesId: COAT.clothesId, name: '울 코트' });

    rerender(<RecommendedPiece piece={COAT} onExclude={onExclude} pending />);
    expect(screen.getByRole('button', { name: '이 옷 빼기' })).toBeDisabled();
  });

  it("offers no '이 옷 빼기' without a handler or without the garment's id", () => {
    const { rerender } = render(<RecommendedPiece piece={COAT} />);
    expect(screen.queryByRole('button', { name: '이 옷 빼기' })).toBeNull();
    rerender(<RecommendedPiece piece={{ ...COAT, clothesId: null }} onExclude={vi.fn()} />);
    expect(screen.queryByRole('button', { name: '이 옷 빼기' })).toBeNull();
  });
});
