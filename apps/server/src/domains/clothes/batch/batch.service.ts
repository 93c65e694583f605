import { ko, type ClothesBatchUpdateRequest, type ClothesDto } from '@otboo/contract';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import type { AttributeDefsRepo } from '../attribute-defs.repo.js';
import { toClothesDto } from '../clothes.mapper.js';
import { clothesAttributesOf, clothesValueSetsOf } from '../clothes.repo.js';
import type { BatchRepo } from './batch.repo.js';

export interface BatchServiceDeps {
  db: Db;
  repo: BatchRepo;
  attributeDefsRepo: AttributeDefsRepo;
}

/**
 * Batch edit (docs/api.md §9.6): a type, a purchase (§10) and/or attribute values on up to 100 of the caller's garments, in one
 * transaction. Any garment of someone else → 403, any unknown id → 404, any bad definition or value → 400, and
 * then nothing changes.
 */
export function createBatchService({ db, repo, attributeDefsRepo }: BatchServiceDeps) {
  return {
    async update(actor: Actor, input: ClothesBatchUpdateRequest): Promise<ClothesDto[]> {
      const ids = [...new Set(input.clothesIds)];
      // Both forms as one list; `path` names the field a 400 points at.
      const changes = input.attributes
        ? input.attributes.map((c, i) => ({ ...c, path: `attributes.${i}` }))
        : input.attribute
          ? [
              {
                definitionId: input.attribute.definitionId,
                value: input.attribute.value ?? null,
                path: 'attribute',
              },
            ]
          : [];
      return db.transaction(async (tx) => {
        const rows = await repo.lockMany(tx, ids);
        if (rows.some((r) => r.ownerId !== actor.userId))
          throw forbidden(ko.clothes.batch.notOwner, 'ClothesForbiddenException');
        if (rows.length !== ids.length) throw notFound(ko.clothes.batch.notFound, 'ClothesNotFoundException');

        // Values are checked while holding their definitions (FOR SHARE), as a single garment's save does, so an
        // administrator cannot remove an option in between.
        const definitions = new Map(
          (
            await attributeDefsRepo.findByIds(
              tx,
              changes.map((c) => c.definitionId),
              'share',
            )
          ).map((d) => [d.id, d]),
        );
        const resolved = changes.map(({ definitionId, value, path }) => {
          const definition = definitions.get(definitionId);
          if (!definition)
            throw badRequest(
              ko.clothes.attributeUnknown,
              { [`${path}.definitionId`]: ko.clothes.attributeUnknown },
              'InvalidAttributeException',
            );
          const wanted = value?.trim();
          if (!wanted) return { definitionId, value: null };
          const option = definition.selectableValues.find((o) => o.toLowerCase() === wanted.toLowerCase());
          if (!option)
            throw badRequest(
              ko.clothes.attributeValueInvalid,
              { [`${path}.value`]: ko.clothes.attributeValueInvalid },
              'InvalidAttributeException',
            );
          return { definitionId, value: option };
        });

        const updated = new Map(
          (await repo.touch(tx, ids, input.type, input.purchase)).map((r) => [r.id, r]),
        );
        for (const { definitionId, value } of resolved) {
          if (value) await repo.setAttribute(tx, ids, definitionId, value);
          else await repo.removeAttribute(tx, ids, definitionId);
        }
        const attributes = await clothesAttributesOf(tx, ids);
        const sets = await clothesValueSetsOf(tx, ids);
        return ids.flatMap((id) => {
          const row = updated.get(id);
          return row ? [toClothesDto(row, attributes.get(id) ?? [], sets.get(id))] : [];
        });
      });
    },
  };
}
export type BatchService = ReturnType<typeof createBatchService>;
