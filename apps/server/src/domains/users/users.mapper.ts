import type { OAuthProvider, UserDto } from '@otboo/contract';
import type { users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export function toUserDto(row: UserRow, providers: readonly OAuthProvider[] = []): UserDto {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    locked: row.locked,
    createdAt: row.createdAt.toISOString(),
    linkedOAuthProviders: [...providers].sort(),
  };
}
