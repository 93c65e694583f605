import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LIMITS, OAUTH_PROVIDERS, ko, type OAuthProvider } from '@otboo/contract';
import type { PageFetcher } from '../../../adapters/page-fetcher/page-fetcher.js';
import type { Storage } from '../../../adapters/storage/storage.js';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError, badGateway, badRequest, forbidden } from '../../../lib/errors.js';
import { reencodeImage } from '../../../lib/images.js';
import type { Accounts, UserRow } from '../../users/index.js';
import type { AuthRepo } from '../auth.repo.js';
import type { ClientMeta } from '../../../lib/client-meta.js';
import type { AuthService, IssuedSession } from '../auth.service.js';
import { createGoogleClient } from './google.js';
import { createKakaoClient } from './kakao.js';
import type { OAuthClient, SocialProfile } from './oauth-client.js';
import type { OAuthRepo } from './oauth.repo.js';
import { createOAuthStates, type LinkIntent } from './oauth-state.js';
import { PROVIDER_TIMEOUT_MS, ProviderError } from './provider-http.js';
import { accountName, placeholderEmail, usableEmail } from './social-identity.js';

/**
 * A social sign-in or link that did not succeed: `userMessage` goes to the login page (to settings when
 * `linking`), `reason` to the log only.
 */
export class OAuthFailure extends Error {
  override name = 'OAuthFailure';
  constructor(
    readonly userMessage: string,
    readonly reason: string,
    readonly linking = false,
  ) {
    super(reason);
  }
}

/** How a callback ended: signed in (a new session), or a provider account linked to the signed-in user. */
export type OAuthOutcome =
  { kind: 'signed-in'; issued: IssuedSession } | { kind: 'linked'; provider: OAuthProvider };

export interface OAuthCallback {
  code?: string | undefined;
  state?: string | undefined;
  /** RFC 6749 §4.1.2.1 error code, e.g. `access_denied` when the user declined. */
  error?: string | undefined;
}

export interface OAuthServiceDeps {
  db: Db;
  config: Config;
  auth: Pick<AuthService, 'openSession' | 'signedInRecently' | 'endSessions'>;
  authRepo: Pick<AuthRepo, 'ensureSecret' | 'sessionOpening'>;
  usersRepo: Accounts;
  repo: OAuthRepo;
  storage: Storage;
  /** Downloads the provider's avatar (SSRF-checked, bounded in time and size). */
  images: Pick<PageFetcher, 'fetchImage'>;
  log: FastifyBaseLogger;
}

type Avatar = { imageKey: string } | { externalImageUrl: string };

export const PROVIDER_LABELS: Record<OAuthProvider, string> = {
  google: ko.auth.providerGoogle,
  kakao: ko.auth.providerKakao,
};
/** Longest side of a stored avatar (the profile upload's size). */
const AVATAR_MAX_SIDE = 512;

export function isOAuthProvider(value: string): value is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/** Where the provider sends the browser back (docs/api.md §3); the state cookie is scoped to it. */
export function callbackPath(provider: OAuthProvider): string {
  return `/login/oauth2/code/${provider}`;
}

/** The providers with credentials in the configuration. Kakao apps may run without a client secret. */
function configuredClients(config: Config): Partial<Record<OAuthProvider, OAuthClient>> {
  const redirectUri = (provider: OAuthProvider) => `${config.publicUrl}${callbackPath(provider)}`;
  const { google, kakao } = config.oauth;
  const clients: Partial<Record<OAuthProvider, OAuthClient>> = {};
  if (google.clientId && google.clientSecret) {
    clients.google = createGoogleClient({
      issuerUrl: google.issuerUrl,
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      redirectUri: redirectUri('google'),
    });
  }
  if (kakao.clientId) {
    clients.kakao = createKakaoClient({
      baseUrl: kakao.baseUrl,
      apiUrl: kakao.apiUrl,
      clientId: kakao.clientId,
      clientSecret: kakao.clientSecret,
      redirectUri: redirectUri('kakao'),
    });
  }
  return clients;
}

/**
 * Social sign-in (docs/api.md §3): sends the browser to Google or Kakao and, on its return, signs in the linked
 * account, links an existing account by a verified e-mail, or creates one.
 *
 * Which account a provider account reaches:
 * 1. the account it is linked to (social_accounts provider + id);
 * 2. else the account with the same e-mail, linked now, only when the provider vouches for the address
 *    (Google `email_verified`; Kakao `is_email_valid` and `is_email_verified`) and the account has no
 *    password (it was made by another provider; its other sessions end). An unverified address that belongs
 *    to an account is refused: the provider account might not be its owner's. An account with a password is
 *    refused too: sign-up does not prove the e-mail, so whoever set that password may not own the address,
 *    and linking would let them keep signing in to the owner's account. Its owner signs in with the password
 *    (or resets it by mail) and links the provider in settings (`beginLink`);
 * 3. else a new account, with the verified e-mail, or a placeholder `<provider>_<id>@users.otboo.invalid`
 *    when there is none (no e-mail shared, or an unverified one), and no password (forgot-password sets one).
 */
export async function createOAuthService({
  db,
  config,
  auth,
  authRepo,
  usersRepo,
  repo,
  storage,
  images,
  log,
}: OAuthServiceDeps) {
  // Shared by every instance on the database, like the generated JWT secret.
  const states = createOAuthStates(
    await authRepo.ensureSecret(db, 'oauth-state', randomBytes(48).toString('base64url')),
  );
  const clients = configuredClients(config);

  function clientFor(provider: string): { provider: OAuthProvider; client: OAuthClient } {
    if (!isOAuthProvider(provider)) throw new OAuthFailure(ko.auth.oauthFailed, 'unknown provider');
    const client = clients[provider];
    if (!client)
      throw new OAuthFailure(
        ko.auth.oauthNotConfigured(PROVIDER_LABELS[provider]),
        `${provider} is not configured`,
      );
    return { provider, client };
  }

  /** Our own copy of the provider's picture, so browsers never ask the provider; its URL if copying fails. */
  async function importAvatar(profile: SocialProfile): Promise<Avatar | null> {
    const url = profile.pictureUrl;
    if (!url || url.length > LIMITS.urlMaxLength || !/^https?:\/\//i.test(url)) return null;
    try {
      const fetched = await images.fetchImage(url, { timeoutMs: PROVIDER_TIMEOUT_MS });
      const encoded = await reencodeImage(fetched.body, {
        // Before the account exists: the provider's account is whose turn it is.
        owner: `${profile.provider}:${profile.subject}`,
        maxSide: AVATAR_MAX_SIDE,
      });
      const imageKey = `profiles/${randomUUID()}.webp`;
      await storage.put(imageKey, encoded.image, 'image/webp');
      return { imageKey };
    } catch (err) {
      log.warn(
        { provider: profile.provider, reason: (err as Error).message },
        'could not copy the social avatar; keeping its address',
      );
      return { externalImageUrl: url };
    }
  }

  /** Creates the account and its link in one transaction; 'taken' / 'linked' when another request got there first. */
  async function createAccount(
    profile: SocialProfile,
    email: string,
    avatar: Avatar | null,
  ): Promise<UserRow | 'taken' | 'linked'> {
    const linkLost = new Error('linked meanwhile');
    try {
      return await db.transaction(async (tx) => {
        const user = await usersRepo.insertWithProfile(tx, {
          email,
          name: accountName(profile.name),
          passwordHash: null,
        });
        if (!user) return 'taken' as const;
        const linked = await repo.link(tx, {
          userId: user.id,
          provider: profile.provider,
          providerUserId: profile.subject,
          email: profile.email,
        });
        if (!linked) throw linkLost; // rolls the new user back
        if (avatar) await repo.setAvatar(tx, user.id, avatar);
        return user;
      });
    } catch (err) {
      if (err === linkLost) return 'linked';
      throw err;
    }
  }

  /** The account a provider account signs in to (see the rules above); a few rounds settle concurrent changes. */
  async function accountFor(profile: SocialProfile): Promise<UserRow> {
    const email = usableEmail(profile.email);
    const verified = profile.emailVerified ? email : null;
    const label = PROVIDER_LABELS[profile.provider];
    let avatar: Promise<Avatar | null> | undefined;
    let placeholderVariant: string | undefined;
    let account: UserRow | undefined;
    try {
      for (let round = 0; round < 3 && !account; round++) {
        const linked = await repo.findLinkedUser(db, profile.provider, profile.subject);
        if (linked) return linked;
        const owner = email ? await usersRepo.findByEmail(db, email) : undefined;
        if (owner) {
          if (!verified)
            throw new OAuthFailure(ko.auth.oauthEmailUnverified, 'unverified e-mail of an existing account');
          if (owner.locked)
            throw new OAuthFailure(ko.auth.oauthLocked, 'the account with this e-mail is locked');
          if (owner.passwordHash !== null)
            throw new OAuthFailure(
              ko.auth.oauthAccountExists(label),
              'an account with this e-mail has a password: it must sign in and link from settings',
            );
          if (await repo.hasProvider(db, owner.id, profile.provider)) {
            throw new OAuthFailure(
              ko.auth.oauthOtherAccountLinked(label),
              'the account has another account of this provider',
            );
          }
          if (
            await repo.link(db, {
              userId: owner.id,
              provider: profile.provider,
              providerUserId: profile.subject,
              email,
            })
          ) {
            await auth.endSessions(owner.id, 'social-linked');
            return owner;
          }
          continue;
        }
        avatar ??= importAvatar(profile);
        const address = verified ?? placeholderEmail(profile.provider, profile.subject, placeholderVariant);
        const created = await createAccount(profile, address, await avatar);
        if (created === 'taken' && !verified) placeholderVariant = randomBytes(3).toString('hex');
        if (typeof created === 'object') account = created;
      }
    } finally {
      // A copied avatar no new account uses is deleted again.
      const copied = await avatar?.catch(() => null);
      if (!account && copied && 'imageKey' in copied)
        await storage.delete([copied.imageKey]).catch(() => undefined);
    }
    if (!account) throw new OAuthFailure(ko.auth.oauthFailed, 'the account kept changing during sign-in');
    return account;
  }

  /**
   * Links the provider account to the user who asked in settings. The session that asked must still be live;
   * the user's other sessions end, since someone may have been signed in who should not see the new link.
   */
  async function linkTo(link: LinkIntent, profile: SocialProfile): Promise<void> {
    const label = PROVIDER_LABELS[profile.provider];
    const opening = await authRepo.sessionOpening(db, link.sessionId);
    const user = opening?.userId === link.userId ? await usersRepo.findById(db, link.userId) : undefined;
    if (!user) throw new OAuthFailure(ko.auth.socialLinkSessionEnded, 'the linking session ended');
    if (user.locked) throw new OAuthFailure(ko.auth.oauthLocked, 'the linking account is locked');
    for (let round = 0; round < 2; round++) {
      const linked = await repo.findLinkedUser(db, profile.provider, profile.subject);
      if (linked?.id === user.id) return;
      if (linked) throw new OAuthFailure(ko.auth.socialLinkTaken(label), 'linked to another account');
      if (await repo.hasProvider(db, user.id, profile.provider))
        throw new OAuthFailure(ko.auth.socialLinkOtherLinked(label), 'the account has another one linked');
      const email = usableEmail(profile.email);
      if (
        await repo.link(db, {
          userId: user.id,
          provider: profile.provider,
          providerUserId: profile.subject,
          email: profile.emailVerified ? email : null,
        })
      ) {
        await auth.endSessions(user.id, 'social-linked', link.sessionId);
        return;
      }
    }
    throw new OAuthFailure(ko.auth.socialLinkFailed, 'the link kept changing');
  }

  return {
    /**
     * Starts linking a provider account to the actor's own account (settings): the provider's URL and the
     * state cookie that names the account. Only within FRESH_SIGN_IN_MS of signing in, so a stolen access
     * token cannot attach the thief's provider account for later sign-ins.
     */
    async beginLink(
      actor: Actor,
      userId: string,
      name: OAuthProvider,
    ): Promise<{ provider: OAuthProvider; location: string; stateCookie: string }> {
      if (actor.userId !== userId) throw forbidden(ko.users.notSelf);
      let provider: OAuthProvider;
      let client: OAuthClient;
      try {
        ({ provider, client } = clientFor(name));
      } catch (err) {
        if (err instanceof OAuthFailure) throw badRequest(err.userMessage, {}, 'OAuthNotConfiguredException');
        throw err;
      }
      if (!(await auth.signedInRecently(actor)))
        throw forbidden(ko.auth.socialLinkReauth, 'ReauthenticationRequiredException');
      const { pending, cookie } = states.begin(provider, {
        userId: actor.userId,
        sessionId: actor.sessionId,
      });
      try {
        return { provider, location: await client.authorizationUrl(pending), stateCookie: cookie };
      } catch (err) {
        if (err instanceof ProviderError) throw badGateway(ko.auth.oauthFailed, 'OAuthProviderException');
        throw err;
      }
    },

    /** The provider's authorization URL and the signed cookie that remembers this sign-in. */
    async begin(name: string): Promise<{ provider: OAuthProvider; location: string; stateCookie: string }> {
      const { provider, client } = clientFor(name);
      const { pending, cookie } = states.begin(provider);
      try {
        return { provider, location: await client.authorizationUrl(pending), stateCookie: cookie };
      } catch (err) {
        if (err instanceof ProviderError) throw new OAuthFailure(ko.auth.oauthFailed, err.message);
        throw err;
      }
    },

    /** Finishes a sign-in (a new session) or a link from settings, from the provider's callback. */
    async finish(
      name: string,
      callback: OAuthCallback,
      stateCookie: string | undefined,
      meta: ClientMeta,
    ): Promise<OAuthOutcome> {
      const { provider, client } = clientFor(name);
      // Where a failure is told: settings for a link, the login page for a sign-in.
      const linking = states.isLink(stateCookie);
      if (callback.error) {
        throw new OAuthFailure(
          callback.error === 'access_denied' ? ko.auth.oauthDenied : ko.auth.oauthFailed,
          `provider answered ${callback.error.slice(0, 60)}`,
          linking,
        );
      }
      const pending = states.finish(stateCookie, provider, callback.state);
      if (!pending)
        throw new OAuthFailure(
          ko.auth.oauthStateInvalid,
          'state missing, forged, expired or already used',
          linking,
        );
      if (!callback.code) throw new OAuthFailure(ko.auth.oauthFailed, 'callback without a code', linking);
      let profile: SocialProfile;
      try {
        profile = await client.profileFromCode(callback.code, pending);
      } catch (err) {
        if (err instanceof ProviderError) throw new OAuthFailure(ko.auth.oauthFailed, err.message, linking);
        throw err;
      }
      if (pending.link) {
        try {
          await linkTo(pending.link, profile);
        } catch (err) {
          if (err instanceof OAuthFailure) throw new OAuthFailure(err.userMessage, err.reason, true);
          throw err;
        }
        return { kind: 'linked', provider };
      }
      const user = await accountFor(profile);
      if (user.locked) throw new OAuthFailure(ko.auth.oauthLocked, 'the linked account is locked');
      try {
        return { kind: 'signed-in', issued: await auth.openSession(user, meta) };
      } catch (err) {
        // Locked between the check above and the session.
        if (err instanceof AppError && err.statusCode === 423)
          throw new OAuthFailure(ko.auth.oauthLocked, 'the account was locked meanwhile');
        throw err;
      }
    },
  };
}
export type OAuthService = Awaited<ReturnType<typeof createOAuthService>>;
