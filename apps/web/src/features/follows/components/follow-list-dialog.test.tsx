import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FollowDto } from '@otboo/contract';
import { FollowListDialog } from '@/features/follows/components/follow-list-dialog';
import { renderWithQuery } from '@/testing/query';

const api = vi.hoisted(() => ({ followers: vi.fn(), followings: vi.fn() }));
vi.mock('@/features/follows/api/get-followers', () => ({ getFollowers: api.followers }));
vi.mock('@/features/follows/api/get-followings', () => ({ getFollowings: api.followings }));

const USER = 'a0000000-0000-4000-8000-000000000001';
const person = (n: number) => ({
  userId: `b0000000-0000-4000-8000-00000000000${n}`,
  name: `친구${n}`,
  profileImageUrl: null,
});
const follow = (n: number): FollowDto => ({
  id: `f0000000-0000-4000-8000-00000000000${n}`,
  createdAt: '2026-11-21T03:04:05.000Z',
  follower: person(n),
  followee: { userId: USER, name: '주인', profileImageUrl: null },
});
const page = (data: FollowDto[]) => ({
  data,
  hasNext: false,
  nextCursor: null,
  nextIdAfter: null,
  totalCount: data.length,
  sortBy: 'createdAt',
  sortDirection: 'DESCENDING',
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderDialog(onOpenChange = vi.fn()) {
  renderWithQuery(
    <MemoryRouter initialEntries={['/profiles']}>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
      <FollowListDialog kind="followers" userId={USER} open onOpenChange={onOpenChange} />
    </MemoryRouter>,
  );
  return { onOpenChange, dialog: screen.getByRole('dialog', { name: '팔로워' }) };
}

describe('FollowListDialog', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('lists the followers, 20 per page, and opens a profile from a name', async () => {
    const user = userEvent.setup();
    api.followers.mockResolvedValue(page([follow(1), follow(2)]));
    const { dialog, onOpenChange } = renderDialog();
    expect(within(dialog).getByText('로딩 중...')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: '친구2' }));
    expect(api.followers).toHaveBeenCalledWith({ followeeId: USER, limit: 20 });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByTestId('where')).toHaveTextContent(`/profiles?userId=${person(2).userId}`);
  });

  it('says the list is empty, and that a search found nobody', async () => {
    const user = userEvent.setup();
    api.followers.mockResolvedValue(page([]));
    const { dialog } = renderDialog();
    expect(await within(dialog).findByText('팔로워이 없습니다.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('searchbox', { name: '사용자 검색...' }), ' 없는이름 ');
    expect(await within(dialog).findByText('검색 결과가 없습니다.')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.followers).toHaveBeenLastCalledWith({ followeeId: USER, limit: 20, nameLike: '없는이름' }),
    );
  });
});
