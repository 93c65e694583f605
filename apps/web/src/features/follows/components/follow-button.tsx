import { UserCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { ko, type FollowSummaryDto } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { followUser } from '@/features/follows/api/follow-user';
import { unfollowUser } from '@/features/follows/api/unfollow-user';

interface FollowButtonProps {
  /** The profile's user. */
  userId: string;
  /** The signed-in user, who follows or unfollows. */
  viewerId: string;
  summary: FollowSummaryDto;
  /** Runs after every attempt: the summary reloads (docs/product.md §4 "Follow"). */
  onChanged(): void;
}

/** '팔로우' / '팔로우 취소'. Failures are only logged (docs/product.md §8); the reload shows the real state either way. */
export function FollowButton({ userId, viewerId, summary, onChanged }: FollowButtonProps) {
  const [pending, setPending] = useState(false);
  const followId = summary.followedByMe ? summary.followedByMeId : null;
  const following = followId !== null;

  async function toggle() {
    setPending(true);
    try {
      if (followId !== null) await unfollowUser(followId);
      else await followUser({ followeeId: userId, followerId: viewerId });
    } catch (error) {
      console.error(error);
    } finally {
      setPending(false);
      onChanged();
    }
  }

  return (
    <Button
      variant={following ? 'outline' : 'primary'}
      disabled={pending}
      onClick={() => void toggle()}
      className="min-w-32"
    >
      {following ? <UserCheck className="size-4" aria-hidden /> : <UserPlus className="size-4" aria-hidden />}
      {following ? ko.follows.unfollow : ko.follows.follow}
    </Button>
  );
}
