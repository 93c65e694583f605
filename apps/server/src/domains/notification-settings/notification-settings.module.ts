import type { Lifecycle, Module, ModuleDeps, Routes } from '../../lib/modules.js';
import type { Notifier } from '../notifications/index.js';
import type { PlansApi } from '../plans/index.js';
import type { RecommendationsApi } from '../recommendations/index.js';
import type { WeatherApi } from '../weather/index.js';
import { createMorningOutfitJob, type MorningOutfitDeps, type MorningRunResult } from './morning-outfit.js';
import { createNotificationSettingsRepo } from './notification-settings.repo.js';
import { notificationSettingsRoutes } from './notification-settings.routes.js';
import { createNotificationSettingsService } from './notification-settings.service.js';

/** Tests: a moved clock, a short tick, small batches. */
export type MorningOutfitTuning = Pick<MorningOutfitDeps, 'now' | 'tickMs' | 'batchSize'>;

/** What a job or a benchmark uses of the notification settings. */
export interface NotificationSettingsApi {
  /** Serves the users whose morning outfit is due now, as the minute's run does (the benchmark times it). */
  runMorningOutfits(): Promise<MorningRunResult>;
}

export interface NotificationSettingsModuleDeps extends ModuleDeps {
  notifier: Notifier;
  weather: Pick<WeatherApi, 'forecast'>;
  recommendations: Pick<RecommendationsApi, 'currentOutfit'>;
  plans: Pick<PlansApi, 'plannedNames'>;
  morningOutfit?: MorningOutfitTuning | undefined;
}

/**
 * Notification settings (docs/api.md §9.3, `/api/users/:userId/notification-settings`) and the morning outfit:
 * every minute, on one instance, the users due get today's weather and an outfit as a notification.
 */
export async function createNotificationSettingsModule({
  db,
  log,
  jobLock,
  notifier,
  weather,
  recommendations,
  plans,
  morningOutfit,
}: NotificationSettingsModuleDeps): Promise<Module<NotificationSettingsApi>> {
  const repo = createNotificationSettingsRepo();
  const settings = createNotificationSettingsService({ db, repo });
  const job = createMorningOutfitJob({
    db,
    log,
    jobLock,
    repo,
    notifier,
    forecast: weather.forecast,
    recommend: recommendations.currentOutfit,
    planned: plans.plannedNames,
    ...morningOutfit,
  });
  const routes: Routes = async (app) => {
    await app.register(notificationSettingsRoutes, { prefix: '/api/users', settings });
  };
  const lifecycle: Lifecycle = { start: job.start, stop: job.stop };
  return { api: { runMorningOutfits: job.runDue }, routes, lifecycle };
}
