import { useState } from 'react';
import { ko, type FeedDto } from '@otboo/contract';
import { likeFeed } from '@/features/feeds/api/like-feed';
import { unlikeFeed } from '@/features/feeds/api/unlike-feed';
import { withLike } from '@/features/feeds/utils/like-state';
import { toast } from '@/lib/toast';
import { writeErrorText } from '@/utils/error-text';

/**
 * Likes or unlikes `feed`; the count and `likedByMe` change only after the call succeeded (spec §4
 * "Like"). A failure shows '좋아요 처리 중 오류가 발생했습니다.' and changes nothing.
 */
export function useLikeToggle(
  feed: Pick<FeedDto, 'id' | 'likedByMe'>,
  patch: (update: (feed: FeedDto) => FeedDto) => void,
) {
  const [pending, setPending] = useState(false);

  async function toggle() {
    if (pending) return;
    const liked = !feed.likedByMe;
    setPending(true);
    try {
      await (liked ? likeFeed(feed.id) : unlikeFeed(feed.id));
      patch((current) => withLike(current, liked));
    } catch (error) {
      console.error(error);
      toast.error(writeErrorText(error, ko.feeds.likeFailed));
    } finally {
      setPending(false);
    }
  }

  return { pending, toggle };
}
