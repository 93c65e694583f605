import { cleanup, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileDto } from '@otboo/contract';
import { ProfilesRoute } from '@/app/routes/profiles';
import { useSession } from '@/stores/session';
import { renderWithQuery } from '@/testing/query';
import { testUser } from '@/testing/users';

const api = vi.hoisted(() => ({
  getProfile: vi.fn(),
  getFollowSummary: vi.fn(),
  getFeeds: vi.fn(),
  getClothes: vi.fn(),
}));
vi.mock('@/features/users/api/get-profile', () => ({ getProfile: api.getProfile }));
vi.mock('@/features/follows/api/get-follow-summary', () => ({ getFollowSummary: api.getFollowSummary }));
vi.mock('@/features/feeds/api/get-feeds', () => ({ getFeeds: api.getFeeds }));
vi.mock('@/features/clothes/api/get-clothes', () => ({ getClothes: api.getClothes }));

const VIEWER = testUser();
const PARTNER_ID = 'c0000000-0000-4000-8000-000000000003';
const partner: ProfileDto = {
  userId: PARTNER_ID,
  name: '지수',
  profileImageUrl: null,
  gender: null,
  birthDate: null,
  location: null,
  temperatureSensitivity: 2.5,
};
const empty = {
  data: [],
  hasNext: false,
  nextCursor: null,
  nextIdAfter: null,
  totalCount: 0,
  sortBy: 'createdAt',
  sortDirection: 'DESCENDING',
};

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

const renderAt = (address: string, onSendMessage = vi.fn()) => {
  renderWithQuery(
    <MemoryRouter initialEntries={[address]}>
      <ProfilesRoute onSendMessage={onSendMessage} />
      <Address />
    </MemoryRouter>,
  );
  return onSendMessage;
};

beforeEach(() => {
  useSession.setState({ accessToken: 'token', user: VIEWER });
  api.getProfile.mockResolvedValue(partner);
  api.getFollowSummary.mockResolvedValue({
    followeeId: PARTNER_ID,
    followerCount: 0,
    followingCount: 0,
    followedByMe: false,
    followedByMeId: null,
    followingMe: false,
  });
  api.getFeeds.mockResolvedValue(empty);
  api.getClothes.mockResolvedValue(empty);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useSession.setState({ accessToken: null, user: null });
});

describe('the profile opened by a message notification (`chat=1`, docs/api.md §9.9)', () => {
  it('opens the conversation with that user once, and takes `chat` out of the address', async () => {
    const onSendMessage = renderAt(`/profiles?userId=${PARTNER_ID}&chat=1`);
    await waitFor(() =>
      expect(onSendMessage).toHaveBeenCalledWith({ userId: PARTNER_ID, name: '지수', profileImageUrl: null }),
    );
    // The whole address: a part of it (toHaveTextContent) matched while `&chat=1` was still there.
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe(`/profiles?userId=${PARTNER_ID}`),
    );
    expect(onSendMessage).toHaveBeenCalledTimes(1);
  });

  it('opens nothing without it', async () => {
    const onSendMessage = renderAt(`/profiles?userId=${PARTNER_ID}`);
    expect(await screen.findByRole('heading', { name: '지수', level: 1 })).toBeInTheDocument();
    expect(onSendMessage).not.toHaveBeenCalled();
  });
});
