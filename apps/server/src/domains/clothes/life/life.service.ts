import {
  ko,
  seoulToday,
  type ClothesArchiveRequest,
  type ClothesAvailabilityRequest,
  type ClothesDto,
} from '@otboo/contract';
import type { Db, Executor } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { conflict, forbidden, notFound } from '../../../lib/errors.js';
import { toClothesDto } from '../clothes.mapper.js';
import type { ClothesRepo, ClothesRow } from '../clothes.repo.js';
import { stateOn } from './availability.js';

export interface LifeServiceDeps {
  db: Db;
  repo: ClothesRepo;
}

/**
 * The closet's life (docs/api.md §10): availability (laundry, lent, repair) and the archive. Every change bumps
 * the garment's `updated_at`, which is what the recommender's closet version reads, so every instance drops its
 * cached closet at once.
 */
export function createLifeService({ db, repo }: LifeServiceDeps) {
  async function toDto(executor: Executor, row: ClothesRow): Promise<ClothesDto> {
    const attributes = await repo.attributesOf(executor, [row.id]);
    const sets = await repo.valueSetsOf(executor, [row.id]);
    return toClothesDto(row, attributes.get(row.id) ?? [], sets.get(row.id));
  }

  /** Runs `change` on the actor's own garment, locked: 404 when unknown, 403 when someone else's. */
  function change(actor: Actor, id: string, apply: (tx: Executor, row: ClothesRow) => Promise<ClothesRow>) {
    return db.transaction(async (tx) => {
      const row = await repo.findById(tx, id, 'update');
      if (!row) throw notFound(ko.clothes.notFound, 'ClothesNotFoundException');
      if (row.ownerId !== actor.userId) throw forbidden(ko.clothes.notOwner, 'ClothesForbiddenException');
      return toDto(tx, await apply(tx, row));
    });
  }

  return {
    /** Sets where the piece is from today; AVAILABLE clears it. Taking it out of the laundry counts as a wash. */
    setAvailability(actor: Actor, id: string, input: ClothesAvailabilityRequest): Promise<ClothesDto> {
      return change(actor, id, async (tx, row) => {
        if (row.archivedAt)
          throw conflict(ko.clothes.life.archivedNoAvailability, 'ClothesArchivedException');
        const now = new Date();
        const was = stateOn(row, seoulToday());
        const washed = was === 'LAUNDRY' && input.state !== 'LAUNDRY' ? { washedAt: now } : {};
        if (input.state === 'AVAILABLE')
          return repo.update(tx, id, {
            availabilityState: 'AVAILABLE',
            availabilitySince: null,
            availabilityUntil: null,
            ...washed,
          });
        return repo.update(tx, id, {
          availabilityState: input.state,
          // Changing only the return date keeps the day it went away.
          availabilitySince: was === input.state ? (row.availabilitySince ?? now) : now,
          availabilityUntil: input.until ?? null,
          ...washed,
        });
      });
    },

    /** Moves the piece to the archive; its OOTDs keep showing it. */
    archive(actor: Actor, id: string, input: ClothesArchiveRequest): Promise<ClothesDto> {
      return change(actor, id, async (tx, row) => {
        if (row.archivedAt) throw conflict(ko.clothes.life.alreadyArchived, 'ClothesArchivedException');
        return repo.update(tx, id, { archivedReason: input.reason, archivedAt: new Date() });
      });
    },

    /** Brings an archived piece back into the closet. */
    restore(actor: Actor, id: string): Promise<ClothesDto> {
      return change(actor, id, async (tx, row) => {
        if (!row.archivedAt) throw conflict(ko.clothes.life.notArchived, 'ClothesNotArchivedException');
        return repo.update(tx, id, { archivedReason: null, archivedAt: null });
      });
    },
  };
}
export type LifeService = ReturnType<typeof createLifeService>;
