import type { Lifecycle, Routes } from '../../lib/modules.js';
import { createMorningOutfitJob, type MorningOutfitDeps } from './morning-outfit.js';
import { createNotificationSettingsRepo } from './notification-settings.repo.js';
import { notificationSettingsRoutes } from './notification-settings.routes.js';
import { createNotificationSettingsService } from './notification-settings.service.js';

/** Tests: a moved clock, a short tick, small batches. */
export type MorningOutfitTuning = Pick<MorningOutfitDeps, 'now' | 'tickMs' | 'batchSize'>;

export type NotificationSettingsModuleDeps = Omit<MorningOutfitDeps, 'repo' | keyof MorningOutfitTuning> & {
  morningOutfit?: MorningOutfitTuning | undefined;
};

/**
 * Notification settings (docs/api.md §9.3) and the morning outfit: every minute, on one instance, the users due
 * get today's weather and an outfit as a notification.
 */
export function createNotificationSettingsModule({ morningOutfit, ...deps }: NotificationSettingsModuleDeps) {
  const repo = createNotificationSettingsRepo();
  const settings = createNotificationSettingsService({ db: deps.db, repo });
  const job = createMorningOutfitJob({ ...deps, repo, ...morningOutfit });
  /** `/:userId/notification-settings` under `/api/users`. */
  const routes: Routes = async (app) => {
    await app.register(notificationSettingsRoutes, { settings });
  };
  const lifecycle: Lifecycle = { start: job.start, stop: job.stop };
  return { settings, routes, lifecycle };
}
