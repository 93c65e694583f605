import type { FastifyBaseLogger } from 'fastify';
import {
  ko,
  type AttributeDefDto,
  type AttributeDefListQuery,
  type AttributeDefRequest,
  type NotificationDto,
} from '@otboo/contract';
import type { Db, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Notifier } from '../notifications/index.js';
import { isUniqueViolation, type AttributeDefRow, type AttributeDefsRepo } from './attribute-defs.repo.js';

export interface AttributeDefsServiceDeps {
  db: Db;
  repo: AttributeDefsRepo;
  notifier: Notifier;
  log: FastifyBaseLogger;
}

export function toAttributeDefDto(row: AttributeDefRow): AttributeDefDto {
  return {
    id: row.id,
    name: row.name,
    selectableValues: row.selectableValues,
    createdAt: row.createdAt.toISOString(),
  };
}

// Rows per INSERT: 4 parameters each keeps a statement far below PostgreSQL's 65,535-parameter limit.
const NOTIFY_BATCH = 1000;

const nameTaken = () =>
  conflict(ko.attributes.nameTaken, 'DuplicateAttributeNameException', { name: ko.attributes.nameTaken });

/**
 * Attribute definitions: everyone signed in reads them, administrators write them.
 *
 * What a change does to clothes that use a definition (so no garment ever holds a value its definition
 * does not offer):
 * - renaming the definition keeps every value (values point at the definition's id, not its name);
 * - an option that stays (compared case-insensitively) keeps its values; a new spelling of it rewrites them;
 * - removing an option deletes the clothes' values that used it (the garment simply has no value for it);
 * - deleting the definition deletes all its values (foreign key ON DELETE CASCADE).
 * Values are checked against a definition while holding a share lock on it (clothes.service), and changes take
 * an update lock, so a garment saved during a change cannot slip a removed option in.
 */
export function createAttributeDefsService({ db, repo, notifier, log }: AttributeDefsServiceDeps) {
  const requireAdmin = (actor: Actor) => {
    if (actor.role !== 'ADMIN') throw forbidden(ko.users.adminOnly);
  };

  /**
   * Records one notification per user inside `tx`, except for the administrator who made the change (nobody
   * is told of their own action); the caller publishes them after commit.
   */
  async function notifyEveryone(
    tx: Executor,
    actor: Actor,
    title: string,
    content: string,
  ): Promise<NotificationDto[]> {
    const ids = (await repo.allUserIds(tx)).filter((id) => id !== actor.userId);
    const out: NotificationDto[] = [];
    for (let i = 0; i < ids.length; i += NOTIFY_BATCH) {
      const inputs = ids.slice(i, i + NOTIFY_BATCH).map((receiverId) => ({
        receiverId,
        title,
        content,
        kind: 'ATTRIBUTE' as const,
        sourceUserId: actor.userId,
      }));
      out.push(...(await notifier.record(tx, inputs)));
    }
    return out;
  }

  async function publish(dtos: NotificationDto[]) {
    try {
      await notifier.publish(dtos);
    } catch (err) {
      // Stored notifications stay readable from the list; only the live push was lost.
      log.warn({ err }, 'publishing attribute notifications failed');
    }
  }

  return {
    async list(query: AttributeDefListQuery): Promise<AttributeDefDto[]> {
      return (await repo.list(db, query)).map(toAttributeDefDto);
    },

    async create(actor: Actor, input: AttributeDefRequest): Promise<AttributeDefDto> {
      requireAdmin(actor);
      const { row, notes } = await db
        .transaction(async (tx) => {
          const inserted = await repo.insert(tx, input);
          if (!inserted) throw nameTaken();
          const recorded = await notifyEveryone(
            tx,
            actor,
            ko.attributes.notifyAddedTitle,
            ko.attributes.notifyAdded(inserted.name),
          );
          return { row: inserted, notes: recorded };
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? nameTaken() : err;
        });
      await publish(notes);
      return toAttributeDefDto(row);
    },

    async update(actor: Actor, id: string, input: AttributeDefRequest): Promise<AttributeDefDto> {
      requireAdmin(actor);
      const { row, notes } = await db
        .transaction(async (tx) => {
          const before = await repo.findById(tx, id, 'update');
          if (!before) throw notFound(ko.attributes.notFound);
          if (await repo.nameTakenByOther(tx, id, input.name)) throw nameTaken();
          const updated = await repo.update(tx, id, input);
          await repo.deleteValuesOutside(tx, id, input.selectableValues);
          await repo.respellValues(tx, id, input.selectableValues);
          const renamed = before.name !== updated.name;
          const optionsChanged =
            before.selectableValues.join('\u0000') !== updated.selectableValues.join('\u0000');
          const recorded =
            renamed || optionsChanged
              ? await notifyEveryone(
                  tx,
                  actor,
                  ko.attributes.notifyChangedTitle,
                  renamed
                    ? ko.attributes.notifyRenamed(before.name, updated.name)
                    : ko.attributes.notifyChanged(updated.name),
                )
              : [];
          return { row: updated, notes: recorded };
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? nameTaken() : err;
        });
      await publish(notes);
      return toAttributeDefDto(row);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      requireAdmin(actor);
      const notes = await db.transaction(async (tx) => {
        // The clothes' values go with it (ON DELETE CASCADE).
        const deleted = await repo.delete(tx, id);
        if (!deleted) throw notFound(ko.attributes.notFound);
        return notifyEveryone(
          tx,
          actor,
          ko.attributes.notifyDeletedTitle,
          ko.attributes.notifyDeleted(deleted.name),
        );
      });
      await publish(notes);
    },

    /**
     * Offers the default definitions once, on the first start of an empty database. Safe when several
     * instances start together (one claims the seed); an administrator who deletes them never sees them again.
     */
    async seedDefaults(): Promise<number> {
      return db.transaction(async (tx) => {
        if (!(await repo.claimSeed(tx))) return 0;
        if ((await repo.count(tx)) > 0) return 0;
        await repo.insertMany(tx, ko.attributes.defaultDefinitions);
        return ko.attributes.defaultDefinitions.length;
      });
    },
  };
}
export type AttributeDefsService = ReturnType<typeof createAttributeDefsService>;
