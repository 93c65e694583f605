import type { CommentDto, FeedDto, OotdDto } from '@otboo/contract';

/** A garment of a test outfit. */
export function ootd(n: number, overrides: Partial<OotdDto> = {}): OotdDto {
  return {
    clothesId: `00000000-0000-4000-8000-00000000000${n}`,
    name: `옷${n}`,
    imageUrl: `/files/clothes-${n}.webp`,
    thumbnailUrl: `/files/clothes-${n}-thumb.webp`,
    type: 'TOP',
    attributes: [],
    ...overrides,
  };
}

/** A test feed by 작성자 with the given number of garments. */
export function feed(overrides: Partial<FeedDto> = {}, garments = 2): FeedDto {
  return {
    id: 'f0000000-0000-4000-8000-000000000001',
    createdAt: '2026-11-21T03:04:05.000Z',
    updatedAt: '2026-11-21T03:04:05.000Z',
    author: { userId: 'a0000000-0000-4000-8000-000000000001', name: '작성자', profileImageUrl: null },
    weather: {
      weatherId: 'w0000000-0000-4000-8000-000000000001',
      skyStatus: 'CLEAR',
      precipitation: { type: 'NONE', amount: 0, probability: 10 },
      temperature: { current: 12.6, min: 8, max: 15, comparedToDayBefore: 1 },
    },
    ootds: Array.from({ length: garments }, (_, i) => ootd(i + 1)),
    content: '오늘의 코디',
    likeCount: 3,
    commentCount: 1,
    likedByMe: false,
    ...overrides,
  };
}

export function comment(n: number, overrides: Partial<CommentDto> = {}): CommentDto {
  return {
    id: `c0000000-0000-4000-8000-00000000000${n}`,
    createdAt: '2026-11-21T03:04:05.000Z',
    feedId: 'f0000000-0000-4000-8000-000000000001',
    author: { userId: 'b0000000-0000-4000-8000-000000000001', name: `댓글러${n}`, profileImageUrl: null },
    content: `댓글 ${n}`,
    ...overrides,
  };
}
