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
 * Batch edit (docs/api.md §9.6): one type and/or one attribute value on up to 100 of the caller's garments, in
 * one transaction. Any garment of someone else → 403, any unknown id → 404, and then nothing changes.
 */
export function createBatchService({ db, repo, attributeDefsRepo }: BatchServiceDeps) {
  return {
    async update(actor: Actor, input: ClothesBatchUpdateRequest): Promise<ClothesDto[]> {
      const ids = [...new Set(input.clothesIds)];
      return db.transaction(async (tx) => {
        const rows = await repo.lockMany(tx, ids);
        if (rows.some((r) => r.ownerId !== actor.userId))
          throw forbidden(ko.clothes.batch.notOwner, 'ClothesForbiddenException');
        if (rows.length !== ids.length) throw notFound(ko.clothes.batch.notFound, 'ClothesNotFoundException');

        // The value is checked while holding the definition (FOR SHARE), as a single garment's save does, so an
        // administrator cannot remove the option in between.
        let attribute: { definitionId: string; value: string | null } | null = null;
        if (input.attribute) {
          const [definition] = await attributeDefsRepo.findByIds(tx, [input.attribute.definitionId], 'share');
          if (!definition)
            throw badRequest(
              ko.clothes.attributeUnknown,
              { 'attribute.definitionId': ko.clothes.attributeUnknown },
              'InvalidAttributeException',
            );
          const wanted = input.attribute.value?.trim();
          const option = wanted
            ? definition.selectableValues.find((o) => o.toLowerCase() === wanted.toLowerCase())
            : null;
          if (wanted && !option)
            throw badRequest(
              ko.clothes.attributeValueInvalid,
              { 'attribute.value': ko.clothes.attributeValueInvalid },
              'InvalidAttributeException',
            );
          attribute = { definitionId: definition.id, value: option ?? null };
        }

        const updated = new Map((await repo.touch(tx, ids, input.type)).map((r) => [r.id, r]));
        if (attribute?.value) await repo.setAttribute(tx, ids, attribute.definitionId, attribute.value);
        else if (attribute) await repo.removeAttribute(tx, ids, attribute.definitionId);
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
