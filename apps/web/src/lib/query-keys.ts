/**
 * The parameters a key carries: plain JSON values only, so that a key read back from a persisted cache is
 * the same key. A list's key holds its query without the cursor; the pages live under it.
 */
export type KeyParams<Q> = { readonly [K in keyof Q]: string | number | boolean | null | undefined };

interface Coordinates {
  longitude: number;
  latitude: number;
}

// Only the coordinates: a place may carry more (its names), which must not split the cache.
const coordinates = (place: Coordinates | null) =>
  place && { longitude: place.longitude, latitude: place.latitude };

/**
 * Every query key of the app in one place, shaped [feature, kind, params]: `['feeds', 'list']` matches all
 * feed lists (to update or invalidate them together), `['feeds', 'list', query]` one of them.
 */
export const queryKeys = {
  clothes: {
    /** The signed-in user's '옷장 리포트' (always their own closet). */
    insights: () => ['clothes', 'insights'] as const,
    lists: () => ['clothes', 'list'] as const,
    list: <Q extends KeyParams<Q>>(query: Q) => ['clothes', 'list', query] as const,
    attributeDefs: () => ['clothes', 'attribute-defs'] as const,
    attributeDefList: <Q extends KeyParams<Q>>(query: Q) => ['clothes', 'attribute-defs', query] as const,
    /** A garment's wear record for its page (docs/api.md §9.8); `wears()` matches every garment's. */
    wears: () => ['clothes', 'wear'] as const,
    wear: (clothesId: string) => ['clothes', 'wear', { clothesId }] as const,
    /** Whether an owner has any garment (a one-row page): apart from the lists, whose cached pages are edited. */
    any: (ownerId: string) => ['clothes', 'any', ownerId] as const,
    /** The names of some of an owner's garments, `ids` joined with ','. */
    names: (query: { ownerId: string; ids: string }) => ['clothes', 'names', query] as const,
  },
  feeds: {
    lists: () => ['feeds', 'list'] as const,
    list: <Q extends KeyParams<Q>>(query: Q) => ['feeds', 'list', query] as const,
    comments: <Q extends KeyParams<Q>>(query: Q) => ['feeds', 'comments', query] as const,
    /** One feed read by id (GET /api/feeds/{id}), for a dialog opened without its card. */
    detail: (feedId: string) => ['feeds', 'detail', { feedId }] as const,
  },
  follows: {
    all: () => ['follows'] as const,
    followers: <Q extends KeyParams<Q>>(query: Q) => ['follows', 'followers', query] as const,
    followings: <Q extends KeyParams<Q>>(query: Q) => ['follows', 'followings', query] as const,
    summary: (userId: string) => ['follows', 'summary', { userId }] as const,
  },
  messages: {
    conversations: () => ['messages', 'conversations'] as const,
    list: <Q extends KeyParams<Q>>(query: Q) => ['messages', 'list', query] as const,
  },
  notifications: {
    list: <Q extends KeyParams<Q>>(query: Q) => ['notifications', 'list', query] as const,
    /** Read notifications of the last 30 days (GET /api/notifications/history). */
    history: <Q extends KeyParams<Q>>(query: Q) => ['notifications', 'history', query] as const,
  },
  users: {
    lists: () => ['users', 'list'] as const,
    list: <Q extends KeyParams<Q>>(query: Q) => ['users', 'list', query] as const,
    profile: (userId: string) => ['users', 'profile', { userId }] as const,
  },
  weather: {
    /** The five days at a place; null while the place is not known (nothing is asked then). */
    forecast: (place: Coordinates | null) => ['weather', 'list', coordinates(place)] as const,
    location: (place: Coordinates | null) => ['weather', 'location', coordinates(place)] as const,
    /** The browser's geolocation (never kept across a reload: meta.persist is false where it is asked). */
    device: () => ['weather', 'device'] as const,
    /** Places whose names match a typed query ('동네 이름으로 찾기'). */
    places: (query: string) => ['weather', 'places', { query }] as const,
  },
  /** Trips and packing lists (docs/api.md §10). */
  trips: {
    list: () => ['trips', 'list'] as const,
    detail: (tripId: string) => ['trips', 'detail', { tripId }] as const,
  },
  notificationSettings: {
    detail: (userId: string) => ['notification-settings', 'detail', { userId }] as const,
  },
  push: {
    publicKey: () => ['push', 'public-key'] as const,
  },
  plans: {
    /** Every range of plans: refreshed together after any change. */
    all: () => ['plans'] as const,
    list: (query: { from: string; to: string }) => ['plans', 'list', query] as const,
    /** The closet as the picker lists it (every page, with availability). */
    closet: (ownerId: string) => ['plans', 'closet', { ownerId }] as const,
  },
  recommendations: {
    /** Every day's outfit: refreshed together when the learned shift changes (docs/api.md §10). */
    details: () => ['recommendations', 'detail'] as const,
    detail: (weatherId: string) => ['recommendations', 'detail', { weatherId }] as const,
    /** The signed-in user's learned shift and the days left to answer (always their own). */
    calibration: () => ['recommendations', 'calibration'] as const,
  },
};
