import {
  isSeasonDefinitionName,
  seoulToday,
  type ClothesAttributeDto,
  type ClothesDto,
  type ClothesType,
  type OotdDto,
} from '@otboo/contract';
import { fileUrl } from '../../adapters/storage/storage.js';
import type { ClothesRow } from './clothes.repo.js';
import { toAvailabilityDto } from './life/availability.js';

/** The columns a DTO shows; full rows and closet page rows both have them. */
type ClothesFields = Pick<
  ClothesRow,
  | 'id'
  | 'ownerId'
  | 'name'
  | 'type'
  | 'imageKey'
  | 'thumbnailKey'
  | 'createdAt'
  | 'brand'
  | 'size'
  | 'notes'
  | 'availabilityState'
  | 'availabilitySince'
  | 'availabilityUntil'
  | 'washedAt'
  | 'archivedReason'
  | 'archivedAt'
  | 'purchasePrice'
  | 'purchaseDate'
>;

/**
 * The garment's seasons (docs/api.md §9.8): the season definition's set of several values when it has one,
 * else its one value, else none.
 */
export function seasonsOf(
  attributes: readonly Pick<ClothesAttributeDto, 'definitionId' | 'definitionName' | 'value'>[],
  valueSets: ReadonlyMap<string, readonly string[]> | undefined,
): string[] {
  const season = attributes.find((a) => isSeasonDefinitionName(a.definitionName));
  if (!season) return [];
  return [...(valueSets?.get(season.definitionId) ?? [season.value])];
}

export function toClothesDto(
  row: ClothesFields,
  attributes: readonly ClothesAttributeDto[],
  valueSets?: ReadonlyMap<string, readonly string[]>,
): ClothesDto {
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    type: row.type,
    imageUrl: fileUrl(row.imageKey),
    thumbnailUrl: fileUrl(row.thumbnailKey),
    attributes: [...attributes],
    createdAt: row.createdAt.toISOString(),
    brand: row.brand,
    size: row.size,
    notes: row.notes,
    seasons: seasonsOf(attributes, valueSets),
    availability: toAvailabilityDto(row, seoulToday()),
    archived:
      row.archivedAt && row.archivedReason
        ? { reason: row.archivedReason, at: row.archivedAt.toISOString() }
        : null,
    purchase: row.purchasePrice === null ? null : { price: row.purchasePrice, date: row.purchaseDate },
  };
}

/**
 * What an outfit shows of a garment: a closet garment, the recommender's copy of one, or a feed's snapshot of
 * one (whose garment may have been deleted since: `clothesId` null).
 */
export interface OotdGarment {
  clothesId: string | null;
  name: string;
  type: ClothesType;
  imageKey: string | null;
  thumbnailKey: string | null;
  attributes: readonly ClothesAttributeDto[];
}

/** A garment as worn in an outfit (closet items for a post, recommendations, feeds). */
export function toOotdDto(g: OotdGarment): OotdDto {
  return {
    clothesId: g.clothesId,
    name: g.name,
    type: g.type,
    imageUrl: fileUrl(g.imageKey),
    thumbnailUrl: fileUrl(g.thumbnailKey),
    attributes: [...g.attributes],
  };
}
