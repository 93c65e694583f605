import { and, eq } from 'drizzle-orm';
import type { OAuthProvider } from '@otboo/contract';
import type { Executor } from '../../../db/client.js';
import { profiles, socialAccounts, users } from '../../../db/schema/index.js';
import type { UserRow } from '../../users/index.js';

export interface SocialLink {
  userId: string;
  provider: OAuthProvider;
  providerUserId: string;
  email: string | null;
}

/** Social accounts (social_accounts) and the avatar a social sign-up brings. */
export function createOAuthRepo() {
  return {
    /** The user a provider account is linked to. */
    async findLinkedUser(
      db: Executor,
      provider: OAuthProvider,
      providerUserId: string,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(socialAccounts)
        .innerJoin(users, eq(users.id, socialAccounts.userId))
        .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.providerUserId, providerUserId)))
        .limit(1);
      return row?.user;
    },
    /** Whether the user already has an account of this provider linked. */
    async hasProvider(db: Executor, userId: string, provider: OAuthProvider): Promise<boolean> {
      const [row] = await db
        .select({ id: socialAccounts.id })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.provider, provider)))
        .limit(1);
      return row !== undefined;
    },
    /** Links a provider account; false when it is already linked (to anyone), so a concurrent link wins once. */
    async link(db: Executor, link: SocialLink): Promise<boolean> {
      const rows = await db
        .insert(socialAccounts)
        .values(link)
        .onConflictDoNothing()
        .returning({ id: socialAccounts.id });
      return rows.length === 1;
    },
    /** A new social account's avatar: our re-encoded copy, or the provider's URL when the copy failed. */
    async setAvatar(
      db: Executor,
      userId: string,
      avatar: { imageKey: string } | { externalImageUrl: string },
    ) {
      await db.update(profiles).set(avatar).where(eq(profiles.userId, userId));
    },
  };
}
export type OAuthRepo = ReturnType<typeof createOAuthRepo>;
