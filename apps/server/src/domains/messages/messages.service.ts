import type { FastifyBaseLogger } from 'fastify';
import {
  DirectMessageDto,
  directMessageTopic,
  ko,
  type CursorPage,
  type DirectMessageListQuery,
  type DirectMessageRoomDto,
  type DirectMessageSendRequest,
  type UserSummary,
} from '@otboo/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { toPage } from '../../lib/cursor.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import {
  BUS_CHANNELS,
  busPayloadText,
  createOrderedDispatch,
  type EventBus,
} from '../../realtime/event-bus.js';
import type { NotificationMarks, Notifier } from '../notifications/index.js';
import { messagePreview, pairKeyOf, toDirectMessageDto } from './messages.mapper.js';
import type { MessagesRepo, Person } from './messages.repo.js';

/** What travels on the bus: the message with its topic, or only its id when too big for every bus. */
type MessageBusPayload = { topic: string; message: DirectMessageDto } | { topic: string; ref: string };

/** How many conversations the room list shows. */
const ROOMS_LIMIT = 100;

export type BroadcastHandler = (topic: string, message: DirectMessageDto) => void;

export interface MessagesServiceDeps {
  db: Db;
  repo: MessagesRepo;
  bus: EventBus;
  notifier: Notifier & NotificationMarks;
  log: FastifyBaseLogger;
}

function userNotFound() {
  return notFound(ko.users.notFound, 'UserNotFoundException');
}

function summaries(people: Map<string, Person>): Map<string, UserSummary> {
  return new Map([...people].map(([id, p]) => [id, p.summary]));
}

export function createMessagesService({ db, repo, bus, notifier, log }: MessagesServiceDeps) {
  async function requireUser(userId: string): Promise<Person> {
    const person = (await repo.people(db, [userId])).get(userId);
    if (!person) throw userNotFound();
    return person;
  }

  return {
    /**
     * Stores a message and its notification in one transaction, then broadcasts the message to the
     * conversation's topic on every instance (the sender sees it through that echo) and the notification.
     */
    async send(actor: Actor, input: DirectMessageSendRequest): Promise<DirectMessageDto> {
      if (input.senderId !== actor.userId) throw forbidden(ko.messages.senderMismatch);
      if (input.receiverId === actor.userId)
        throw badRequest(ko.messages.selfMessage, { receiverId: ko.messages.selfMessage });
      const { dto, notifications } = await db.transaction(async (tx) => {
        const { row, people } = await repo.insertBetweenPeople(tx, {
          senderId: actor.userId,
          receiverId: input.receiverId,
          pairKey: pairKeyOf(actor.userId, input.receiverId),
          content: input.content,
        });
        const sender = people.get(actor.userId);
        if (!sender || sender.locked) throw forbidden(ko.common.forbidden);
        if (!people.has(input.receiverId) || !row)
          throw notFound(ko.messages.receiverNotFound, 'UserNotFoundException');
        const notes = await notifier.record(tx, [
          {
            receiverId: input.receiverId,
            title: ko.messages.notificationTitle,
            content: ko.messages.notificationContent(sender.summary.name, messagePreview(input.content)),
            kind: 'DIRECT_MESSAGE',
            sourceUserId: actor.userId,
          },
        ]);
        return { dto: toDirectMessageDto(row, summaries(people)), notifications: notes };
      });
      const topic = directMessageTopic(dto.sender.userId, dto.receiver.userId);
      const payload: MessageBusPayload =
        busPayloadText({ topic, message: dto }) === null ? { topic, ref: dto.id } : { topic, message: dto };
      await Promise.all([bus.publish(BUS_CHANNELS.directMessage, payload), notifier.publish(notifications)]);
      return dto;
    },

    /**
     * One conversation with `userId`, newest first: the two people and the page (which carries the count) in
     * parallel, each a statement built once. The partner is checked before the page's own errors (a malformed
     * cursor), as when the partner was looked up first.
     */
    async list(actor: Actor, query: DirectMessageListQuery): Promise<CursorPage<DirectMessageDto>> {
      const pairKey = pairKeyOf(actor.userId, query.userId);
      const [people, page] = await Promise.allSettled([
        repo.pair(db, actor.userId, query.userId),
        repo.page(db, pairKey, query),
      ]);
      if (people.status === 'rejected') throw people.reason;
      if (!people.value.has(query.userId)) throw userNotFound();
      if (page.status === 'rejected') throw page.reason;
      const { rows, total } = page.value;
      const byId = summaries(people.value);
      return toPage(
        rows,
        query.limit,
        total,
        { sortBy: 'createdAt', sortDirection: 'DESCENDING' },
        (r) => ({ sortKey: r.createdAt, id: r.id }),
        (r) => toDirectMessageDto(r, byId),
      );
    },

    /** The caller's conversations, latest first, each with its last message and unread count. */
    async rooms(actor: Actor): Promise<DirectMessageRoomDto[]> {
      const [latest, unread] = await Promise.all([
        repo.latestPerConversation(db, actor.userId, ROOMS_LIMIT),
        repo.unreadBySender(db, actor.userId),
      ]);
      const partnerOf = (r: { senderId: string; receiverId: string }) =>
        r.senderId === actor.userId ? r.receiverId : r.senderId;
      const byId = summaries(await repo.people(db, [actor.userId, ...latest.map(partnerOf)]));
      return latest.map((row) => {
        const lastMessage = toDirectMessageDto(row, byId);
        const partnerId = partnerOf(row);
        const partner = partnerId === row.senderId ? lastMessage.sender : lastMessage.receiver;
        return { partner, lastMessage, unreadCount: unread.get(partnerId) ?? 0 };
      });
    },

    /**
     * Marks every message from `userId` to the caller read, and with them the caller's '새 메시지' notifications
     * from that user: one transaction, so the bell's count and the conversation agree. Nothing is published;
     * the client reloads its unread count after this call.
     */
    async markRead(actor: Actor, userId: string): Promise<void> {
      await requireUser(userId);
      await db.transaction(async (tx) => {
        await repo.markRead(tx, actor.userId, userId);
        await notifier.markReadFrom(tx, actor.userId, 'DIRECT_MESSAGE', userId);
      });
    },

    /** Calls `handler` for every message sent on any instance; returns the unsubscribe function. */
    onBroadcast(handler: BroadcastHandler): () => void {
      const ordered = createOrderedDispatch();
      return bus.subscribe(BUS_CHANNELS.directMessage, (raw) =>
        ordered(() => {
          const payload = raw as Partial<{ topic: unknown; message: unknown; ref: unknown }> | null;
          if (typeof payload?.topic !== 'string') return log.warn('message bus: unexpected payload');
          const topic = payload.topic;
          const parsed = DirectMessageDto.safeParse(payload.message);
          if (parsed.success) return handler(topic, parsed.data);
          if (typeof payload.ref !== 'string') return log.warn('message bus: unexpected payload');
          const id = payload.ref;
          // Too big for the bus: read it back.
          return (async () => {
            const row = await repo.findById(db, id);
            if (!row) return;
            handler(
              topic,
              toDirectMessageDto(row, summaries(await repo.people(db, [row.senderId, row.receiverId]))),
            );
          })().catch((err: unknown) =>
            log.error({ err }, 'message bus: reading a referenced message failed'),
          );
        }),
      );
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
