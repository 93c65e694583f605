import { createSessionGuard } from '../realtime/session-guard.js';
import { DEFAULT_SSE_OPTIONS } from '../realtime/sse.js';
import type { ModuleDeps } from '../lib/modules.js';
import { createAuthModule } from '../domains/auth/index.js';
import { createNotificationsModule } from '../domains/notifications/index.js';
import { createRecommendationsModule } from '../domains/recommendations/index.js';
import { createClothesModule } from '../domains/clothes/index.js';
import { createFeedsModule } from '../domains/feeds/index.js';
import { createFollowsModule } from '../domains/follows/index.js';
import { createWeatherModule } from '../domains/weather/index.js';
import { createUsersModule } from '../domains/users/index.js';
import { createPushModule } from '../domains/push/index.js';
import { createNotificationSettingsModule } from '../domains/notification-settings/index.js';
import { createMessagesModule } from '../domains/messages/index.js';
import { createPlansModule } from '../domains/plans/index.js';
import { createTripsModule } from '../domains/trips/index.js';
import type { AppOverrides } from './overrides.js';

/**
 * The domain modules in dependency order, each given the base and the parts of other modules' api it names. The
 * app assembles these; the benchmarks that measure a job (the morning outfit, the push queue) build the same graph,
 * so they reach each domain through its api as another domain would.
 */
export async function createModules(
  base: ModuleDeps,
  overrides: Pick<AppOverrides, 'realtime' | 'push' | 'morningOutfit'> = {},
) {
  // Users is built later and takes auth's sessions, so auth asks for the accounts when a request needs them.
  const auth = await createAuthModule({ ...base, accounts: () => users.api.accounts });
  // Open STOMP connections and SSE streams end with their session (sign-out, lock, role or password change).
  const sessions = createSessionGuard({
    bus: base.bus,
    isSessionLive: auth.api.isSessionLive,
    log: base.log,
  });
  const sse = { ...DEFAULT_SSE_OPTIONS, ...overrides.realtime?.sse };
  const notifications = await createNotificationsModule({ ...base, admit: sessions.admit, sse });
  const { notifier } = notifications.api;
  // The closet report's gaps are the recommender's, which is built after clothes (it reads the closet's api).
  const closetGaps: typeof recommendations.api.closetGaps = (g) => recommendations.api.closetGaps(g);
  const clothes = await createClothesModule({ ...base, notifier, closetGaps });
  const feeds = await createFeedsModule({ ...base, notifier, clothes: clothes.api });
  const follows = await createFollowsModule({ ...base, notifier });
  const weather = await createWeatherModule({ ...base, notifier });
  const locate = weather.api.resolveLocation;
  const users = await createUsersModule({ ...base, sessions: auth.api, notifier, locate });
  const owners = { clothes: clothes.api, feeds: feeds.api, users: users.api };
  const recommendations = await createRecommendationsModule({ ...base, ...owners });
  const push = await createPushModule({ ...base, notifications: notifier, tuning: overrides.push });
  const deps = { clothes: clothes.api, recommendations: recommendations.api, weather: weather.api };
  const plans = await createPlansModule({ ...base, ...deps });
  const morning = { notifier, plans: plans.api, morningOutfit: overrides.morningOutfit };
  const settings = await createNotificationSettingsModule({ ...base, ...deps, ...morning });
  const messages = await createMessagesModule({ ...base, notifier });
  const trips = await createTripsModule({ ...base, ...deps });
  const first = [auth, notifications, clothes, feeds, follows, weather, users, recommendations];
  return {
    sessions,
    auth,
    notifications,
    feeds,
    weather,
    push,
    settings,
    messages,
    /** Every module in dependency order (their lifecycles run in it). */
    all: [...first, push, plans, settings, messages, trips],
  };
}
