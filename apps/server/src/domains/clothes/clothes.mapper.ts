import type { ClothesAttributeDto, ClothesDto, ClothesType, OotdDto } from '@otboo/contract';
import { fileUrl } from '../../adapters/storage/storage.js';
import type { ClothesRow } from './clothes.repo.js';

/** The columns a DTO shows; full rows and closet page rows both have them. */
type ClothesFields = Pick<
  ClothesRow,
  'id' | 'ownerId' | 'name' | 'type' | 'imageKey' | 'thumbnailKey' | 'createdAt'
>;

export function toClothesDto(row: ClothesFields, attributes: readonly ClothesAttributeDto[]): ClothesDto {
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    type: row.type,
    imageUrl: fileUrl(row.imageKey),
    thumbnailUrl: fileUrl(row.thumbnailKey),
    attributes: [...attributes],
    createdAt: row.createdAt.toISOString(),
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
