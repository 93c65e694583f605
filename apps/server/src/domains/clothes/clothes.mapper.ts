import type { ClothesAttributeDto, ClothesDto, OotdDto } from '@otboo/contract';
import { fileUrl } from '../../adapters/storage/storage.js';
import type { ClothesRow } from './clothes.repo.js';

export function toClothesDto(row: ClothesRow, attributes: readonly ClothesAttributeDto[]): ClothesDto {
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
export function toOotdDto(row: ClothesRow, attributes: readonly ClothesAttributeDto[]): OotdDto {
  return {
    clothesId: row.id,
    name: row.name,
    type: row.type,
    imageUrl: fileUrl(row.imageKey),
    thumbnailUrl: fileUrl(row.thumbnailKey),
    attributes: [...attributes],
  };
}
