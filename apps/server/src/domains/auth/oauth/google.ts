import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { codeChallengeOf } from './oauth-state.js';
import type { OAuthClient, SocialProfile } from './oauth-client.js';
import { PROVIDER_TIMEOUT_MS, ProviderError, providerJson } from './provider-http.js';

export interface GoogleOptions {
  /** OAUTH_GOOGLE_ISSUER_URL, without a trailing slash. */
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

const HttpUrl = z.url({ protocol: /^https?$/ });

/** The fields of the OpenID Provider Metadata this flow uses (OpenID Connect Discovery 1.0 §3). */
const Metadata = z.object({
  issuer: z.string(),
  authorization_endpoint: HttpUrl,
  token_endpoint: HttpUrl,
  jwks_uri: HttpUrl,
});
type Metadata = z.infer<typeof Metadata>;

const TokenResponse = z.object({ id_token: z.string().min(1), access_token: z.string().optional() });

/** Google sends `email_verified` as a boolean; some older tokens carried the string "true". */
const Claims = z.object({
  sub: z.string().min(1).max(255),
  nonce: z.string().optional(),
  azp: z.string().optional(),
  email: z.string().max(320).optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().max(500).optional(),
  picture: z.string().max(2048).optional(),
});

/** Discovery is re-read after this long, so a provider's endpoint or key-set change is picked up. */
const METADATA_TTL_MS = 60 * 60_000;
/** Clock difference tolerated on `exp`/`iat`. */
const CLOCK_TOLERANCE_S = 60;

/**
 * Google sign-in as OpenID Connect: endpoints from `{issuer}/.well-known/openid-configuration`, the code
 * flow with PKCE S256 and a nonce, and the profile taken from the ID token only after its RS256 signature is
 * checked against the provider's JWKS and its issuer, audience, expiry and nonce match.
 */
export function createGoogleClient(options: GoogleOptions): OAuthClient {
  // One entry, re-read after an hour; sign-ins starting meanwhile share one read, and a failed discovery is not
  // remembered (the next sign-in tries again).
  const metadata = new LRUCache<'discovery', Metadata>({
    max: 1,
    ttl: METADATA_TTL_MS,
    fetchMethod: () => discover(),
  });
  let keys: { uri: string; get: JWTVerifyGetKey } | undefined;

  async function discover(): Promise<Metadata> {
    const url = `${options.issuerUrl}/.well-known/openid-configuration`;
    const meta = await providerJson(url, Metadata, 'google discovery');
    // OIDC Discovery §4.3: the document must name the issuer it was fetched from.
    if (meta.issuer.replace(/\/+$/, '') !== options.issuerUrl)
      throw new ProviderError('google discovery: issuer does not match');
    return meta;
  }

  const discovered = (): Promise<Metadata> => metadata.forceFetch('discovery');

  function keySet(uri: string): JWTVerifyGetKey {
    if (keys?.uri !== uri)
      keys = { uri, get: createRemoteJWKSet(new URL(uri), { timeoutDuration: PROVIDER_TIMEOUT_MS }) };
    return keys.get;
  }

  /** Google's tokens name the issuer with or without the scheme. */
  function issuers(issuer: string): string[] {
    return issuer === 'https://accounts.google.com' ? [issuer, 'accounts.google.com'] : [issuer];
  }

  return {
    async authorizationUrl(pending) {
      const meta = await discovered();
      const url = new URL(meta.authorization_endpoint);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', options.redirectUri);
      url.searchParams.set('scope', 'openid email profile');
      url.searchParams.set('state', pending.state);
      url.searchParams.set('nonce', pending.nonce);
      url.searchParams.set('code_challenge', codeChallengeOf(pending.codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },

    async profileFromCode(code, pending): Promise<SocialProfile> {
      const meta = await discovered();
      const tokens = await providerJson(meta.token_endpoint, TokenResponse, 'google token', {
        form: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: options.redirectUri,
          client_id: options.clientId,
          client_secret: options.clientSecret,
          code_verifier: pending.codeVerifier,
        },
      });
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(tokens.id_token, keySet(meta.jwks_uri), {
          issuer: issuers(meta.issuer),
          audience: options.clientId,
          algorithms: ['RS256'],
          clockTolerance: CLOCK_TOLERANCE_S,
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (err) {
        throw new ProviderError(`google id token: ${(err as Error).message}`);
      }
      const claims = Claims.safeParse(payload);
      if (!claims.success) throw new ProviderError('google id token: unexpected claims');
      const c = claims.data;
      if (c.nonce !== pending.nonce) throw new ProviderError('google id token: nonce does not match');
      // OIDC Core §3.1.3.7: with several audiences the token must have been issued to us.
      const aud = (payload as { aud?: unknown }).aud;
      if (Array.isArray(aud) && aud.length > 1 && c.azp !== options.clientId)
        throw new ProviderError('google id token: azp does not match');
      const email = c.email?.trim().toLowerCase() || null;
      return {
        provider: 'google',
        subject: c.sub,
        email,
        emailVerified: email !== null && (c.email_verified === true || c.email_verified === 'true'),
        name: c.name ?? null,
        pictureUrl: c.picture ?? null,
      };
    },
  };
}
