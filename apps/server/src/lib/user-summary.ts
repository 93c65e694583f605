import type { UserSummary } from '@otboo/contract';
import { fileUrl } from '../adapters/storage/storage.js';
import { profiles, users } from '../db/schema/index.js';

/** Columns a repo selects (users joined with profiles) to show someone as a `UserSummary`. */
export const userSummaryColumns = {
  userId: users.id,
  name: users.name,
  imageKey: profiles.imageKey,
  externalImageUrl: profiles.externalImageUrl,
};

export interface UserSummaryRow {
  userId: string;
  name: string;
  imageKey: string | null;
  externalImageUrl: string | null;
}

/** An uploaded avatar wins over a social provider's picture (as in the profile). */
export function toUserSummary(row: UserSummaryRow): UserSummary {
  return {
    userId: row.userId,
    name: row.name,
    profileImageUrl: fileUrl(row.imageKey) ?? row.externalImageUrl ?? null,
  };
}
