import { ko, type WeatherDto } from '@otboo/contract';
import type { Db } from '../../db/client.js';
import { seoulParts } from '../../lib/seoul-time.js';
import { must } from '../../lib/must.js';
import type { Notifier } from '../notifications/index.js';
import type { GridCell } from './kma-grid.js';
import { detectAlerts } from './weather-alerts.js';
import type { WeatherRepo } from './weather.repo.js';

/** Users notified per transaction, so a crowded cell does not hold one huge transaction. */
const ALERT_INSERT_CHUNK = 500;

export interface TomorrowAlertsDeps {
  db: Db;
  repo: WeatherRepo;
  notifier: Notifier;
}

/** Tells users of a cell once per day and kind when tomorrow changes notably. */
export function createTomorrowAlerts({ db, repo, notifier }: TomorrowAlertsDeps) {
  return async function alertTomorrowChanges(cell: GridCell, days: WeatherDto[]): Promise<void> {
    const [today, tomorrow] = days;
    // Estimates and stale days would announce changes nobody forecast.
    if (
      !today ||
      !tomorrow ||
      today.stale ||
      tomorrow.stale ||
      today.source === 'climatology' ||
      tomorrow.source === 'climatology'
    )
      return;
    const alerts = detectAlerts(today, tomorrow);
    if (alerts.length === 0) return;
    const userIds = await repo.usersInCell(db, cell.x, cell.y);
    const forecastDate = seoulParts(new Date(tomorrow.forecastAt)).date;
    for (let i = 0; i < userIds.length; i += ALERT_INSERT_CHUNK) {
      const chunk = userIds.slice(i, i + ALERT_INSERT_CHUNK);
      const dtos = await db.transaction(async (tx) => {
        const sent = await repo.insertAlerts(
          tx,
          chunk.flatMap((userId) => alerts.map((a) => ({ userId, forecastDate, kind: a.kind }))),
        );
        return notifier.record(
          tx,
          sent.map((s) => {
            const alert = must(
              alerts.find((a) => a.kind === s.kind),
              'insertAlerts returns only kinds it was given',
            );
            return {
              receiverId: s.userId,
              title: ko.weather.alertTitle,
              content: alert.content,
              level: alert.level,
              kind: 'WEATHER' as const,
              targetDate: forecastDate,
            };
          }),
        );
      });
      await notifier.publish(dtos);
    }
  };
}
