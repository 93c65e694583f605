/** Every route of the app (docs/product.md §2 route table) with its href builder; nothing else spells a path. */
export const paths = {
  home: { path: '/', href: () => '/' },
  auth: {
    root: { path: '/auth' },
    login: { path: '/auth/login', href: () => '/auth/login' },
    register: { path: '/auth/register', href: () => '/auth/register' },
    forgotPassword: { path: '/auth/forgot-password', href: () => '/auth/forgot-password' },
  },
  recommendations: {
    path: '/recommendations',
    /** `date` (YYYY-MM-DD, Seoul): the home opens on that forecast day (a notification's, docs/api.md §9.9). */
    href: (date?: string) =>
      date ? `/recommendations?${new URLSearchParams({ date })}` : '/recommendations',
  },
  closet: {
    path: '/closet',
    href: () => '/closet',
    /** '옷장 리포트' (docs/api.md §9.4): the closet in numbers, with export and import. */
    report: { path: '/closet/report', href: () => '/closet/report' },
    /** '보관함' (docs/api.md §10): pieces sold, given away, lost or worn out, each with a way back. */
    archive: { path: '/closet/archive', href: () => '/closet/archive' },
  },
  /** '이번 주 코디' (docs/api.md §10): the days ahead, each with its planned outfit. */
  plans: { path: '/plans', href: () => '/plans' },
  /** '여행 짐 싸기' (docs/api.md §10): the trips, and one trip with its days and packing checklist. */
  trips: {
    path: '/trips',
    href: () => '/trips',
    detail: { path: '/trips/:tripId', href: (tripId: string) => `/trips/${encodeURIComponent(tripId)}` },
  },
  feeds: {
    path: '/feeds',
    href: (authorIdEqual?: string) =>
      authorIdEqual ? `/feeds?${new URLSearchParams({ authorIdEqual })}` : '/feeds',
    /** The feeds with one feed's detail dialog open (a notification's target). */
    detail: (feedId: string) => `/feeds?${new URLSearchParams({ feedId })}`,
  },
  profiles: {
    path: '/profiles',
    href: (userId?: string) => (userId ? `/profiles?${new URLSearchParams({ userId })}` : '/profiles'),
    /** A user's profile with the conversation with them open (a message notification's target). */
    chat: (userId: string) => `/profiles?${new URLSearchParams({ userId, chat: '1' })}`,
  },
  admin: {
    users: { path: '/admin/users', href: () => '/admin/users' },
    clothesAttributes: { path: '/admin/clothes-attributes', href: () => '/admin/clothes-attributes' },
  },
  settings: { path: '/settings', href: () => '/settings' },
  notFound: { path: '/404', href: () => '/404' },
  /** Social sign-in leaves the single-page app (full navigation, not a hash route). */
  oauth: (provider: 'google' | 'kakao') => `/oauth2/authorization/${provider}`,
} as const;
