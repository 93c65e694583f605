import {
  DEFAULT_NOTIFICATION_SETTINGS,
  ko,
  type NotificationSettingsDto,
  type NotificationSettingsUpdateRequest,
} from '@otboo/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden } from '../../lib/errors.js';
import type {
  NotificationSettingsPatch,
  NotificationSettingsRepo,
  NotificationSettingsRow,
} from './notification-settings.repo.js';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `"07:30"` → 450 (minutes after midnight); the contract's pattern has already checked the text. */
export function minuteOfTime(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export function timeOfMinute(minute: number): string {
  return `${pad2(Math.floor(minute / 60))}:${pad2(minute % 60)}`;
}

export function toNotificationSettingsDto(row: NotificationSettingsRow | undefined): NotificationSettingsDto {
  if (!row) return structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
  return {
    morningOutfit: { enabled: row.morningEnabled, time: timeOfMinute(row.morningMinute) },
    push: {
      directMessages: row.pushDirectMessages,
      comments: row.pushComments,
      likes: row.pushLikes,
      follows: row.pushFollows,
      feeds: row.pushFeeds,
      weather: row.pushWeather,
    },
  };
}

function patchOf(input: NotificationSettingsUpdateRequest): NotificationSettingsPatch {
  const patch: NotificationSettingsPatch = {};
  const { morningOutfit: m, push: p } = input;
  if (m?.enabled !== undefined) patch.morningEnabled = m.enabled;
  if (m?.time !== undefined) patch.morningMinute = minuteOfTime(m.time);
  if (p?.directMessages !== undefined) patch.pushDirectMessages = p.directMessages;
  if (p?.comments !== undefined) patch.pushComments = p.comments;
  if (p?.likes !== undefined) patch.pushLikes = p.likes;
  if (p?.follows !== undefined) patch.pushFollows = p.follows;
  if (p?.feeds !== undefined) patch.pushFeeds = p.feeds;
  if (p?.weather !== undefined) patch.pushWeather = p.weather;
  return patch;
}

/** `GET/PATCH /api/users/{userId}/notification-settings` (docs/api.md §9.3): the user's own settings only. */
export function createNotificationSettingsService(deps: { db: Db; repo: NotificationSettingsRepo }) {
  const { db, repo } = deps;

  // Checked from the session, never the path (docs/api.md §1): another user's settings, even an admin's view, are 403.
  const requireSelf = (actor: Actor, userId: string) => {
    if (actor.userId !== userId) throw forbidden(ko.notificationSettings.notSelf);
  };

  return {
    async get(actor: Actor, userId: string): Promise<NotificationSettingsDto> {
      requireSelf(actor, userId);
      return toNotificationSettingsDto(await repo.find(db, userId));
    },

    /** Applies any part of the settings; the rest keeps its value (or default). Answers the whole settings. */
    async update(
      actor: Actor,
      userId: string,
      input: NotificationSettingsUpdateRequest,
    ): Promise<NotificationSettingsDto> {
      requireSelf(actor, userId);
      const patch = patchOf(input);
      if (Object.keys(patch).length === 0) return toNotificationSettingsDto(await repo.find(db, userId));
      return toNotificationSettingsDto(await repo.upsert(db, userId, patch));
    },
  };
}
export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
