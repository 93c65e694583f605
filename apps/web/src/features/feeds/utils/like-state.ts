import type { FeedDto } from '@otboo/contract';

/** The feed after the like call succeeded (docs/product.md §4 "Like"): liked adds one, unliked takes one away. */
export function withLike<T extends Pick<FeedDto, 'likedByMe' | 'likeCount'>>(feed: T, liked: boolean): T {
  if (feed.likedByMe === liked) return feed;
  return { ...feed, likedByMe: liked, likeCount: Math.max(0, feed.likeCount + (liked ? 1 : -1)) };
}
