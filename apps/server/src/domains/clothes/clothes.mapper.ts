import type { ClothesAttributeDto, ClothesDto, OotdDto } from '@otboo/contract';
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

/** A garment as worn in an outfit (recommendations, feeds). */
export function toOotdDto(row: ClothesFields, attributes: readonly ClothesAttributeDto[]): OotdDto {
  return {
    clothesId: row.id,
    name: row.name,
    type: row.type,
    imageUrl: fileUrl(row.imageKey),
    thumbnailUrl: fileUrl(row.thumbnailKey),
    attributes: [...attributes],
  };
}
