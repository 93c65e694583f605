import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FollowSummaryDto } from '@otboo/contract';
import { FollowButton } from '@/features/follows/components/follow-button';

const api = vi.hoisted(() => ({ follow: vi.fn(), unfollow: vi.fn() }));
vi.mock('@/features/follows/api/follow-user', () => ({ followUser: api.follow }));
vi.mock('@/features/follows/api/unfollow-user', () => ({ unfollowUser: api.unfollow }));

const ME = 'b0000000-0000-4000-8000-000000000001';
const THEM = 'a0000000-0000-4000-8000-000000000001';
const summary = (followedByMeId: string | null): FollowSummaryDto => ({
  followeeId: THEM,
  followerCount: followedByMeId ? 1 : 0,
  followingCount: 0,
  followedByMe: followedByMeId !== null,
  followedByMeId,
  followingMe: false,
});

describe('FollowButton', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('follows as the signed-in user and then reloads the summary', async () => {
    api.follow.mockResolvedValue({});
    const onChanged = vi.fn();
    render(<FollowButton userId={THEM} viewerId={ME} summary={summary(null)} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: '팔로우' }));
    expect(api.follow).toHaveBeenCalledWith({ followeeId: THEM, followerId: ME });
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
  });

  it('unfollows by followedByMeId; a failure is only logged and still reloads', async () => {
    api.unfollow.mockRejectedValue(new Error('boom'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onChanged = vi.fn();
    render(
      <FollowButton
        userId={THEM}
        viewerId={ME}
        summary={summary('f0000000-0000-4000-8000-000000000001')}
        onChanged={onChanged}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: '팔로우 취소' }));
    expect(api.unfollow).toHaveBeenCalledWith('f0000000-0000-4000-8000-000000000001');
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(logged).toHaveBeenCalled();
  });
});
