import type { FastifyBaseLogger } from 'fastify';
import {
  ko,
  type CursorPage,
  type FeedCreateRequest,
  type FeedDto,
  type FeedListQuery,
  type FeedUpdateRequest,
  type NotificationDto,
} from '@otboo/contract';
import type { Db, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { toPage } from '../../lib/cursor.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { NotificationInput, Notifier } from '../notifications/index.js';
import type { FeedList } from './feed-list.js';
import { toFeedDto } from './feeds.mapper.js';
import type { FeedsRepo } from './feeds.repo.js';
import { must } from '../../lib/must.js';

export interface FeedsServiceDeps {
  db: Db;
  feedsRepo: FeedsRepo;
  notifier: Notifier;
  log: FastifyBaseLogger;
}

export interface FeedPostsServiceDeps extends FeedsServiceDeps {
  feedList: FeedList;
}

// Rows per notification insert: a popular author's followers must not exceed PostgreSQL's 65,535 parameters.
const NOTIFICATION_BATCH = 1_000;

/** Records notifications in batches inside the caller's transaction. */
export async function recordInBatches(
  notifier: Notifier,
  tx: Executor,
  inputs: readonly NotificationInput[],
): Promise<NotificationDto[]> {
  const out: NotificationDto[] = [];
  for (let i = 0; i < inputs.length; i += NOTIFICATION_BATCH)
    out.push(...(await notifier.record(tx, inputs.slice(i, i + NOTIFICATION_BATCH))));
  return out;
}

/** Fans stored notifications out after commit; they are already stored, so a failed publish is only logged. */
export function publishStored(
  notifier: Notifier,
  log: FastifyBaseLogger,
  dtos: readonly NotificationDto[],
): void {
  if (dtos.length === 0) return;
  notifier.publish(dtos).catch((err: unknown) => log.error({ err }, 'publishing notifications failed'));
}

export const notFoundFeed = () => notFound(ko.feeds.notFound, 'FeedNotFoundException');

export function createFeedPostsService({ db, feedsRepo, feedList, notifier, log }: FeedPostsServiceDeps) {
  return {
    /** Cursor page of feeds with the caller's likedByMe (docs/api.md §2, §6); planned by feed-list.ts. */
    /** One feed, as the list shows it to the caller (docs/api.md §9.9: a notification opens it). */
    async get(actor: Actor, feedId: string): Promise<FeedDto> {
      const row = await feedsRepo.findDto(db, actor.userId, feedId);
      if (!row) throw notFoundFeed();
      return toFeedDto(row);
    },

    async list(actor: Actor, q: FeedListQuery): Promise<CursorPage<FeedDto>> {
      const { rows, totalCount } = await feedList.read(actor.userId, q);
      return toPage(
        rows,
        q.limit,
        totalCount,
        { sortBy: q.sortBy, sortDirection: q.sortDirection },
        (r) => ({ sortKey: q.sortBy === 'likeCount' ? r.likeCount : r.createdAt, id: r.id }),
        toFeedDto,
      );
    },

    /**
     * Posts an OOTD: the garments are copied as they are now (a later edit or delete of a garment leaves the
     * post unchanged) and the forecast's sky and precipitation are copied for the filters. Every follower of
     * the author is told, in the same transaction.
     */
    async create(actor: Actor, input: FeedCreateRequest): Promise<FeedDto> {
      if (input.authorId !== actor.userId)
        throw forbidden(ko.feeds.authorMismatch, 'FeedAuthorMismatchException');
      const clothesIds = [...new Set(input.clothesIds)];
      const { row, notes } = await db.transaction(async (tx) => {
        const weather = await feedsRepo.findWeather(tx, input.weatherId);
        if (!weather) throw notFound(ko.weather.weatherNotFound, 'WeatherNotFoundException');
        const garments = await feedsRepo.garmentsForSnapshot(tx, clothesIds);
        if (garments.length !== clothesIds.length) {
          throw badRequest(
            ko.feeds.clothesUnknown,
            { clothesIds: ko.feeds.clothesUnknown },
            'ClothesNotFoundException',
          );
        }
        if (garments.some((g) => g.ownerId !== actor.userId))
          throw forbidden(ko.feeds.clothesNotOwned, 'ClothesNotOwnedException');
        const byId = new Map(garments.map((g) => [g.id, g]));
        const feedId = await feedsRepo.insert(tx, {
          authorId: actor.userId,
          weatherId: weather.id,
          skyStatus: weather.skyStatus,
          precipitationType: weather.precipitationType,
          content: input.content,
        });
        await feedsRepo.insertGarments(
          tx,
          feedId,
          clothesIds.map((id) => {
            const g = must(byId.get(id), "every garment id was checked to be the author's above");
            return {
              clothesId: g.id,
              name: g.name,
              type: g.type,
              imageKey: g.imageKey,
              thumbnailKey: g.thumbnailKey,
              attributes: g.attributes,
            };
          }),
        );
        const name = (await feedsRepo.userName(tx, actor.userId)) ?? '';
        const followers = await feedsRepo.followerIds(tx, actor.userId);
        const notes = await recordInBatches(
          notifier,
          tx,
          followers.map((receiverId) => ({
            receiverId,
            title: ko.feeds.newFeedNotificationTitle,
            content: ko.feeds.newFeedNotificationContent(name),
            kind: 'FEED',
            sourceUserId: actor.userId,
            targetFeedId: feedId,
          })),
        );
        return {
          row: must(await feedsRepo.findDto(tx, actor.userId, feedId), 'the feed just inserted'),
          notes,
        };
      });
      publishStored(notifier, log, notes);
      return toFeedDto(row);
    },

    /** Content edit, author only. */
    async update(actor: Actor, feedId: string, input: FeedUpdateRequest): Promise<FeedDto> {
      return db.transaction(async (tx) => {
        const feed = await feedsRepo.findOwner(tx, feedId);
        if (!feed) throw notFoundFeed();
        if (feed.authorId !== actor.userId) throw forbidden(ko.feeds.notAuthor, 'FeedNotAuthorException');
        if (!(await feedsRepo.updateContent(tx, feedId, input.content))) throw notFoundFeed();
        return toFeedDto(must(await feedsRepo.findDto(tx, actor.userId, feedId), 'the feed just updated'));
      });
    },

    /** Author or ADMIN; likes, comments and garments go with the feed. */
    async remove(actor: Actor, feedId: string): Promise<void> {
      const feed = await feedsRepo.findOwner(db, feedId);
      if (!feed) throw notFoundFeed();
      if (feed.authorId !== actor.userId && actor.role !== 'ADMIN')
        throw forbidden(ko.feeds.notAuthor, 'FeedNotAuthorException');
      if (!(await feedsRepo.delete(db, feedId))) throw notFoundFeed();
    },
  };
}
export type FeedPostsService = ReturnType<typeof createFeedPostsService>;
