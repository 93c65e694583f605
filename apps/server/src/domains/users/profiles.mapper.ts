import type { ProfileDto } from '@otboo/contract';
import { fileUrl } from '../../adapters/storage/storage.js';
import type { profiles } from '../../db/schema/index.js';

export type ProfileRow = typeof profiles.$inferSelect;

/** Stored profile and its user's name → contract DTO; an uploaded avatar wins over a social one. */
export function toProfileDto(name: string, row: ProfileRow): ProfileDto {
  const hasLocation =
    row.latitude !== null && row.longitude !== null && row.gridX !== null && row.gridY !== null;
  return {
    userId: row.userId,
    name,
    profileImageUrl: fileUrl(row.imageKey) ?? row.externalImageUrl ?? null,
    gender: row.gender,
    birthDate: row.birthDate,
    location: hasLocation
      ? {
          latitude: row.latitude!,
          longitude: row.longitude!,
          x: row.gridX!,
          y: row.gridY!,
          locationNames: row.locationNames ?? [],
        }
      : null,
    temperatureSensitivity: row.temperatureSensitivity,
  };
}
