import type { FastifyBaseLogger } from 'fastify';
import {
  isSeasonDefinitionName,
  ko,
  seoulToday,
  type ClothesAttributeDto,
  type ClothesCreateRequest,
  type ClothesDto,
  type ClothesListQuery,
  type ClothesUpdateRequest,
  type CursorPage,
  type OotdDto,
} from '@otboo/contract';
import type { Storage } from '../../adapters/storage/storage.js';
import type { Db, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { toPage } from '../../lib/cursor.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { AttributeDefsRepo } from './attribute-defs.repo.js';
import { storeClothesImage, type StoredClothesImage } from './clothes.images.js';
import { toClothesDto, toOotdDto } from './clothes.mapper.js';
import type { AttributeValue, ClothesRepo, ClothesRow } from './clothes.repo.js';

export interface ClothesServiceDeps {
  db: Db;
  repo: ClothesRepo;
  attributeDefsRepo: AttributeDefsRepo;
  storage: Storage;
  log: FastifyBaseLogger;
}

type AttributeInput = ClothesCreateRequest['attributes'][number];

/** The seasons of a request, checked (docs/api.md §9.8): the season definition's options, in option order. */
interface SeasonsInput {
  definitionId: string;
  values: string[];
}

const seasonError = (field: string, message: string) =>
  badRequest(message, { [field]: message }, 'InvalidAttributeException');

const notOwner = () => forbidden(ko.clothes.notOwner, 'ClothesForbiddenException');
const notFoundClothes = () => notFound(ko.clothes.notFound, 'ClothesNotFoundException');

/** A garment with its attribute values, as other domains read it (recommendations, feeds). */
export interface ClothesWithAttributes {
  row: ClothesRow;
  attributes: ClothesAttributeDto[];
}

export function createClothesService({ db, repo, attributeDefsRepo, storage, log }: ClothesServiceDeps) {
  /**
   * Checks attribute inputs against their definitions: every definition must exist and appear once, and a
   * non-blank value must be one of its options (matched case-insensitively, stored in the option's
   * spelling). Blank values are dropped. Inside a transaction `lock` holds the definitions (FOR SHARE) so an
   * administrator cannot remove an option between this check and the insert.
   */
  async function checkAttributes(
    executor: Executor,
    inputs: readonly AttributeInput[],
    lock = false,
  ): Promise<AttributeValue[]> {
    const ids = inputs.map((a) => a.definitionId);
    if (new Set(ids).size !== ids.length) {
      throw badRequest(
        ko.clothes.attributeDuplicated,
        { attributes: ko.clothes.attributeDuplicated },
        'InvalidAttributeException',
      );
    }
    const defs = new Map(
      (await attributeDefsRepo.findByIds(executor, ids, lock ? 'share' : undefined)).map((d) => [d.id, d]),
    );
    const out: AttributeValue[] = [];
    inputs.forEach((input, i) => {
      const def = defs.get(input.definitionId);
      if (!def)
        throw badRequest(
          ko.clothes.attributeUnknown,
          { [`attributes.${i}.definitionId`]: ko.clothes.attributeUnknown },
          'InvalidAttributeException',
        );
      const value = input.value?.trim();
      if (!value) return;
      const option = def.selectableValues.find((o) => o.toLowerCase() === value.toLowerCase());
      if (!option) {
        throw badRequest(
          ko.clothes.attributeValueInvalid,
          { [`attributes.${i}.value`]: ko.clothes.attributeValueInvalid },
          'InvalidAttributeException',
        );
      }
      out.push({ definitionId: def.id, value: option });
    });
    return out;
  }

  /**
   * Checks a request's `seasons` against the season definition (the first by name whose name is a season's):
   * each must be one of its options (case-insensitively; stored in the option's spelling), once. Null when the
   * request has none, or clears them and there is no season definition to clear. `lock` as in checkAttributes.
   */
  async function checkSeasons(
    executor: Executor,
    seasons: readonly string[] | undefined,
    lock = false,
  ): Promise<SeasonsInput | null> {
    if (seasons === undefined) return null;
    const all = await attributeDefsRepo.list(executor, { sortBy: 'name', sortDirection: 'ASCENDING' });
    const found = all.find((d) => isSeasonDefinitionName(d.name));
    if (!found) {
      if (seasons.length === 0) return null;
      throw seasonError('seasons', ko.clothes.detail.noSeasonDefinition);
    }
    const [def] = lock ? await attributeDefsRepo.findByIds(executor, [found.id], 'share') : [found];
    if (!def) throw seasonError('seasons', ko.clothes.detail.noSeasonDefinition);
    const picked = new Set<number>();
    seasons.forEach((raw, i) => {
      const value = raw.trim().toLowerCase();
      const index = def.selectableValues.findIndex((o) => o.toLowerCase() === value);
      if (!value || index < 0) throw seasonError(`seasons.${i}`, ko.clothes.detail.seasonInvalid);
      if (picked.has(index)) throw seasonError(`seasons.${i}`, ko.clothes.detail.seasonDuplicated);
      picked.add(index);
    });
    const values = [...picked].sort((a, b) => a - b).flatMap((i) => def.selectableValues[i] ?? []);
    return { definitionId: def.id, values };
  }

  /**
   * The attribute values with the seasons put in: the season definition's one value becomes the first season
   * (the course contract's shape). A season the attributes name must be among the seasons (400 otherwise).
   */
  function withSeasons(values: AttributeValue[], seasons: SeasonsInput): AttributeValue[] {
    const named = values.find((v) => v.definitionId === seasons.definitionId);
    if (named && !seasons.values.some((s) => s.toLowerCase() === named.value.toLowerCase()))
      throw seasonError('seasons', ko.clothes.detail.seasonMismatch);
    const rest = values.filter((v) => v.definitionId !== seasons.definitionId);
    const first = seasons.values[0];
    return first === undefined ? rest : [...rest, { definitionId: seasons.definitionId, value: first }];
  }

  async function toDto(executor: Executor, row: ClothesRow): Promise<ClothesDto> {
    const attributes = await repo.attributesOf(executor, [row.id]);
    const sets = await repo.valueSetsOf(executor, [row.id]);
    return toClothesDto(row, attributes.get(row.id) ?? [], sets.get(row.id));
  }

  /** Deletes files after commit; a failure only leaves an orphan, so it is logged, never answered. */
  async function deleteFiles(keys: readonly string[]) {
    if (keys.length === 0) return;
    try {
      await storage.delete(keys);
    } catch (err) {
      log.warn({ err, keys }, 'deleting clothes images failed');
    }
  }

  async function ownedWithAttributes(
    executor: Executor,
    ownerId: string,
    ids?: readonly string[],
  ): Promise<ClothesWithAttributes[]> {
    const rows = await repo.ownedBy(executor, ownerId, ids);
    const attributes = await repo.attributesOf(
      executor,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({ row, attributes: attributes.get(row.id) ?? [] }));
  }

  /**
   * What an update writes to the attributes, or null when it changes none: `attributes` replace the whole set
   * (the course contract); `seasons` replace the seasons, alone or with them. Attributes without `seasons` keep
   * the garment's other seasons when the season value stays the same (a course client knows only the first).
   */
  async function newAttributeValues(
    tx: Executor,
    id: string,
    input: ClothesUpdateRequest,
  ): Promise<{ attributes: AttributeValue[]; set: SeasonsInput | null } | null> {
    const seasons = await checkSeasons(tx, input.seasons, true);
    if (!input.attributes && !seasons) return null;
    const before = (await repo.attributesOf(tx, [id])).get(id) ?? [];
    // Seasons alone replace the season among the garment's attributes.
    const attributes = input.attributes
      ? await checkAttributes(tx, input.attributes, true)
      : before
          .filter((a) => a.definitionId !== seasons?.definitionId)
          .map((a) => ({ definitionId: a.definitionId, value: a.value }));
    if (seasons) return { attributes: withSeasons(attributes, seasons), set: seasons };
    // Attributes alone: the previous set survives only beside the same season value.
    const sets = (await repo.valueSetsOf(tx, [id])).get(id);
    for (const [definitionId, values] of sets ?? []) {
      const was = before.find((a) => a.definitionId === definitionId)?.value;
      const now = attributes.find((a) => a.definitionId === definitionId)?.value;
      if (was !== undefined && now?.toLowerCase() === was.toLowerCase())
        return { attributes, set: { definitionId, values } };
    }
    return { attributes, set: null };
  }

  /** The garment for a change by `actor`: 404 when unknown, 403 when someone else's. */
  async function ownedForChange(actor: Actor, id: string): Promise<ClothesRow> {
    const row = await repo.findById(db, id);
    if (!row) throw notFoundClothes();
    if (row.ownerId !== actor.userId) throw notOwner();
    return row;
  }

  return {
    async list(query: ClothesListQuery): Promise<CursorPage<ClothesDto>> {
      const filter = {
        ownerId: query.ownerId,
        typeEqual: query.typeEqual,
        keywordLike: query.keywordLike,
        availabilityEqual: query.availabilityEqual,
        archived: query.archived,
        today: seoulToday(),
      };
      const { rows, totalCount } = await repo.page(db, filter, {
        limit: query.limit,
        cursor: query.cursor,
        idAfter: query.idAfter,
      });
      return toPage(
        rows,
        query.limit,
        totalCount,
        { sortBy: 'createdAt', sortDirection: 'DESCENDING' },
        (r) => ({ sortKey: r.createdAt, id: r.id }),
        ({ attributes, valueSets, ...row }) => toClothesDto(row, attributes, valueSets),
      );
    },

    async create(actor: Actor, input: ClothesCreateRequest, image?: Buffer): Promise<ClothesDto> {
      if (input.ownerId !== actor.userId)
        throw forbidden(ko.clothes.ownerMismatch, 'ClothesForbiddenException');
      // Cheap checks first, so a bad request never pays for an image decode.
      const checked = await checkAttributes(db, input.attributes);
      const seasonsChecked = await checkSeasons(db, input.seasons);
      if (seasonsChecked) withSeasons(checked, seasonsChecked);
      const stored: StoredClothesImage | null = image
        ? await storeClothesImage(storage, image, actor.userId)
        : null;
      try {
        return await db.transaction(async (tx) => {
          const seasons = await checkSeasons(tx, input.seasons, true);
          const attributeValues = await checkAttributes(tx, input.attributes, true);
          const values = seasons ? withSeasons(attributeValues, seasons) : attributeValues;
          const row = await repo.insert(tx, {
            ownerId: actor.userId,
            name: input.name,
            type: input.type,
            imageKey: stored?.imageKey ?? null,
            thumbnailKey: stored?.thumbnailKey ?? null,
            brand: input.brand ?? null,
            size: input.size ?? null,
            notes: input.notes ?? null,
            purchasePrice: input.purchase?.price ?? null,
            purchaseDate: input.purchase?.date ?? null,
          });
          await repo.replaceAttributes(tx, row.id, values);
          if (seasons) await repo.replaceValueSet(tx, row.id, seasons.definitionId, seasons.values);
          return toDto(tx, row);
        });
      } catch (err) {
        if (stored) await deleteFiles([stored.imageKey, stored.thumbnailKey]);
        throw err;
      }
    },

    /** Name, type and attributes change when given (attributes replace the whole set); a new image replaces the old one. */
    async update(actor: Actor, id: string, input: ClothesUpdateRequest, image?: Buffer): Promise<ClothesDto> {
      await ownedForChange(actor, id);
      const checked = input.attributes ? await checkAttributes(db, input.attributes) : null;
      const seasonsChecked = await checkSeasons(db, input.seasons);
      if (checked && seasonsChecked) withSeasons(checked, seasonsChecked);
      const stored: StoredClothesImage | null = image
        ? await storeClothesImage(storage, image, actor.userId)
        : null;
      let result: { dto: ClothesDto; oldKeys: string[] };
      try {
        result = await db.transaction(async (tx) => {
          const current = await repo.findById(tx, id, 'update');
          if (!current) throw notFoundClothes();
          if (current.ownerId !== actor.userId) throw notOwner();
          const values = await newAttributeValues(tx, id, input);
          const row = await repo.update(tx, id, {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.type !== undefined ? { type: input.type } : {}),
            ...(input.brand !== undefined ? { brand: input.brand } : {}),
            ...(input.size !== undefined ? { size: input.size } : {}),
            ...(input.notes !== undefined ? { notes: input.notes } : {}),
            ...(input.purchase !== undefined
              ? { purchasePrice: input.purchase?.price ?? null, purchaseDate: input.purchase?.date ?? null }
              : {}),
            ...(stored ? stored : {}),
          });
          if (values) {
            await repo.replaceAttributes(tx, id, values.attributes);
            if (values.set) await repo.replaceValueSet(tx, id, values.set.definitionId, values.set.values);
          }
          const replaced = stored
            ? [current.imageKey, current.thumbnailKey].filter((k): k is string => Boolean(k))
            : [];
          const inFeeds = await repo.imageKeysInFeeds(tx, id, replaced);
          return { dto: await toDto(tx, row), oldKeys: replaced.filter((k) => !inFeeds.has(k)) };
        });
      } catch (err) {
        if (stored) await deleteFiles([stored.imageKey, stored.thumbnailKey]);
        throw err;
      }
      await deleteFiles(result.oldKeys);
      return result.dto;
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await ownedForChange(actor, id);
      const keys = await db.transaction(async (tx) => {
        const current = await repo.findById(tx, id, 'update');
        if (!current) throw notFoundClothes();
        if (current.ownerId !== actor.userId) throw notOwner();
        const files = [current.imageKey, current.thumbnailKey].filter((k): k is string => Boolean(k));
        // Before the delete: it sets the snapshots' clothes_id to null.
        const inFeeds = await repo.imageKeysInFeeds(tx, id, files);
        await repo.delete(tx, id);
        return files.filter((k) => !inFeeds.has(k));
      });
      await deleteFiles(keys);
    },

    /**
     * For other domains (recommendations, feeds): the owner's garments with their attributes, all of them or
     * those among `ids` (ids of other owners are simply absent). Pass a transaction to read inside it.
     */
    ownedWithAttributes,

    /** `OotdDto`s of the owner's garments among `ids`, in the order of `ids`; unknown or foreign ids are skipped. */
    async ootdItems(executor: Executor, ownerId: string, ids: readonly string[]): Promise<OotdDto[]> {
      const items = new Map((await ownedWithAttributes(executor, ownerId, ids)).map((c) => [c.row.id, c]));
      return ids.flatMap((id) => {
        const item = items.get(id);
        return item ? [toOotdDto({ ...item.row, clothesId: item.row.id, attributes: item.attributes })] : [];
      });
    },
  };
}
export type ClothesService = ReturnType<typeof createClothesService>;
