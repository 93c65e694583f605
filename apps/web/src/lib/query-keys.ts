/**
 * The parameters a key carries: plain JSON values only, so that a key read back from a persisted cache is
 * the same key. A list's key holds its query without the cursor; the pages live under it.
 */
export type KeyParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

/**
 * Every query key of the app in one place, shaped [feature, kind, params]: `['feeds', 'list']` matches all
 * feed lists (to update or invalidate them together), `['feeds', 'list', query]` one of them.
 */
export const queryKeys = {
  clothes: {
    lists: () => ['clothes', 'list'] as const,
    list: <Q extends KeyParams>(query: Q) => ['clothes', 'list', query] as const,
    attributeDefs: () => ['clothes', 'attribute-defs'] as const,
    attributeDefList: <Q extends KeyParams>(query: Q) => ['clothes', 'attribute-defs', query] as const,
  },
  feeds: {
    lists: () => ['feeds', 'list'] as const,
    list: <Q extends KeyParams>(query: Q) => ['feeds', 'list', query] as const,
    comments: <Q extends KeyParams>(query: Q) => ['feeds', 'comments', query] as const,
    /** A feed found by id among its author's newest feeds (there is no GET /api/feeds/{id}). */
    detail: (feedId: string) => ['feeds', 'detail', { feedId }] as const,
  },
  follows: {
    all: () => ['follows'] as const,
    followers: <Q extends KeyParams>(query: Q) => ['follows', 'followers', query] as const,
    followings: <Q extends KeyParams>(query: Q) => ['follows', 'followings', query] as const,
    summary: (userId: string) => ['follows', 'summary', { userId }] as const,
  },
  messages: {
    conversations: () => ['messages', 'conversations'] as const,
    list: <Q extends KeyParams>(query: Q) => ['messages', 'list', query] as const,
  },
  notifications: {
    list: <Q extends KeyParams>(query: Q) => ['notifications', 'list', query] as const,
  },
  users: {
    list: <Q extends KeyParams>(query: Q) => ['users', 'list', query] as const,
    profile: (userId: string) => ['users', 'profile', { userId }] as const,
  },
  weather: {
    forecast: (place: { longitude: number; latitude: number }) =>
      ['weather', 'list', { longitude: place.longitude, latitude: place.latitude }] as const,
    location: (place: { longitude: number; latitude: number }) =>
      ['weather', 'location', { longitude: place.longitude, latitude: place.latitude }] as const,
  },
  recommendations: {
    detail: (weatherId: string) => ['recommendations', 'detail', { weatherId }] as const,
  },
};
