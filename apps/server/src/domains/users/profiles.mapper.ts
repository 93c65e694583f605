import type { ProfileDto } from '@otboo/contract';
import { fileUrl } from '../../adapters/storage/storage.js';
import type { profiles } from '../../db/schema/index.js';

export type ProfileRow = typeof profiles.$inferSelect;

/** Stored profile and its user's name → contract DTO; an uploaded avatar wins over a social one. */
export function toProfileDto(name: string, row: ProfileRow): ProfileDto {
  const { latitude, longitude, gridX, gridY } = row;
  return {
    userId: row.userId,
    name,
    profileImageUrl: fileUrl(row.imageKey) ?? row.externalImageUrl ?? null,
    gender: row.gender,
    birthDate: row.birthDate,
    location:
      latitude !== null && longitude !== null && gridX !== null && gridY !== null
        ? { latitude, longitude, x: gridX, y: gridY, locationNames: row.locationNames ?? [] }
        : null,
    temperatureSensitivity: row.temperatureSensitivity,
  };
}
