import type { NotificationDto, NotificationLevel } from '@otboo/contract';
import type { Executor } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { BUS_CHANNELS, type EventBus } from '../../realtime/event-bus.js';

export interface NotificationInput {
  receiverId: string;
  title: string;
  content: string;
  level?: NotificationLevel;
}

export function toNotificationDto(row: typeof notifications.$inferSelect): NotificationDto {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    receiverId: row.receiverId,
    title: row.title,
    content: row.content,
    level: row.level,
  };
}

/**
 * What other domains use to tell someone something. `record` writes inside the caller's transaction, so a
 * notification exists exactly when its cause does; `publish` fans the stored rows out after commit.
 */
export interface Notifier {
  record(tx: Executor, inputs: readonly NotificationInput[]): Promise<NotificationDto[]>;
  publish(dtos: readonly NotificationDto[]): Promise<void>;
}

export function createNotifier(deps: { bus: EventBus }): Notifier {
  return {
    async record(tx, inputs) {
      if (inputs.length === 0) return [];
      const rows = await tx
        .insert(notifications)
        .values(inputs.map((i) => ({ receiverId: i.receiverId, title: i.title, content: i.content, level: i.level ?? 'INFO' })))
        .returning();
      return rows.map(toNotificationDto);
    },
    async publish(dtos) {
      for (const dto of dtos) await deps.bus.publish(BUS_CHANNELS.notification, dto);
    },
  };
}
