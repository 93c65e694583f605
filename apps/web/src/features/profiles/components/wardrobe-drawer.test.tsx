import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClothesDto } from '@otboo/contract';
import { WardrobeDrawer } from '@/features/profiles/components/wardrobe-drawer';
import { renderWithQuery } from '@/testing/query';

const api = { getClothes: vi.fn() };

const OWNER = 'a0000000-0000-4000-8000-000000000001';
const clothes = (n: number, overrides: Partial<ClothesDto> = {}): ClothesDto => ({
  id: `c0000000-0000-4000-8000-00000000000${n}`,
  ownerId: OWNER,
  name: `옷${n}`,
  type: 'TOP',
  imageUrl: null,
  thumbnailUrl: null,
  attributes: [],
  createdAt: '2026-11-21T03:04:05.000Z',
  ...overrides,
});
const page = (data: ClothesDto[]) => ({
  data,
  hasNext: false,
  nextCursor: null,
  nextIdAfter: null,
  totalCount: data.length,
  sortBy: 'createdAt',
  sortDirection: 'DESCENDING',
});

describe('WardrobeDrawer', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('opens from the side tab, loads the owner’s clothes and closes again', async () => {
    const user = userEvent.setup();
    api.getClothes.mockResolvedValue(
      page([
        clothes(1, {
          attributes: [
            { definitionId: 'd1', definitionName: '색상', selectableValues: ['네이비'], value: '네이비' },
          ],
        }),
        clothes(2, { type: 'BOTTOM' }),
      ]),
    );
    renderWithQuery(<WardrobeDrawer ownerId={OWNER} ownerName="주인" getClothes={api.getClothes} />);
    // Nothing is loaded before the drawer is first opened.
    expect(api.getClothes).not.toHaveBeenCalled();
    const tab = screen.getByRole('button', { name: '옷장 열기' });
    expect(tab).toHaveAttribute('aria-expanded', 'false');

    await user.click(tab);
    const drawer = screen.getByRole('region', { name: '주인 님의 옷장' });
    expect(await within(drawer).findByText('옷1')).toBeInTheDocument();
    expect(within(drawer).getByText('네이비')).toBeInTheDocument();
    expect(within(drawer).getByText('하의')).toBeInTheDocument();
    expect(api.getClothes).toHaveBeenCalledWith({ ownerId: OWNER, limit: 20 });

    await user.click(screen.getByRole('button', { name: '닫기' }));
    expect(screen.getByRole('button', { name: '옷장 열기' })).toHaveAttribute('aria-expanded', 'false');

    // Escape inside the drawer closes it too.
    await user.click(screen.getByRole('button', { name: '옷장 열기' }));
    expect(screen.getByRole('button', { name: '닫기' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: '옷장 열기' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('says the wardrobe is empty', async () => {
    api.getClothes.mockResolvedValue(page([]));
    renderWithQuery(<WardrobeDrawer ownerId={OWNER} ownerName="주인" getClothes={api.getClothes} />);
    await userEvent.click(screen.getByRole('button', { name: '옷장 열기' }));
    expect(await screen.findByText('옷이 없습니다.')).toBeInTheDocument();
    // The category hint only follows a chosen category.
    expect(screen.queryByText('다른 카테고리를 선택해보세요.')).toBeNull();
  });
});
