import { z } from 'zod';
import { codeChallengeOf } from './oauth-state.js';
import type { OAuthClient, SocialProfile } from './oauth-client.js';
import { providerJson } from './provider-http.js';

export interface KakaoOptions {
  /** OAUTH_KAKAO_BASE_URL (kauth), without a trailing slash. */
  baseUrl: string;
  /** OAUTH_KAKAO_API_URL (kapi), without a trailing slash. */
  apiUrl: string;
  /** The app's REST API key. */
  clientId: string;
  /** Only when the app turned the client secret on (Kakao lets apps leave it off). */
  clientSecret: string | undefined;
  redirectUri: string;
}

const TokenResponse = z.object({ access_token: z.string().min(1), token_type: z.string().optional() });

/** `GET /v2/user/me`: only what sign-in reads. Fields the user did not agree to share are absent. */
const KakaoUser = z.object({
  id: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,30}$/)]),
  kakao_account: z
    .object({
      profile: z
        .object({
          nickname: z.string().max(500).optional(),
          profile_image_url: z.string().max(2048).optional(),
          is_default_image: z.boolean().optional(),
        })
        .optional(),
      email: z.string().max(320).optional(),
      is_email_valid: z.boolean().optional(),
      is_email_verified: z.boolean().optional(),
    })
    .optional(),
});

export const KAKAO_SCOPES = ['profile_nickname', 'profile_image', 'account_email'] as const;

/**
 * Kakao Login (REST API): the authorization code flow on kauth with PKCE S256 (Kakao takes
 * `code_challenge`/`code_verifier` like any RFC 7636 server), then the profile from kapi's `/v2/user/me`.
 */
export function createKakaoClient(options: KakaoOptions): OAuthClient {
  return {
    async authorizationUrl(pending) {
      const url = new URL(`${options.baseUrl}/oauth/authorize`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', options.redirectUri);
      url.searchParams.set('scope', KAKAO_SCOPES.join(' '));
      url.searchParams.set('state', pending.state);
      url.searchParams.set('code_challenge', codeChallengeOf(pending.codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },

    async profileFromCode(code, pending): Promise<SocialProfile> {
      const tokens = await providerJson(`${options.baseUrl}/oauth/token`, TokenResponse, 'kakao token', {
        form: {
          grant_type: 'authorization_code',
          client_id: options.clientId,
          redirect_uri: options.redirectUri,
          code,
          code_verifier: pending.codeVerifier,
          ...(options.clientSecret ? { client_secret: options.clientSecret } : {}),
        },
      });
      // secure_resource: image URLs over https.
      const user = await providerJson(
        `${options.apiUrl}/v2/user/me?secure_resource=true`,
        KakaoUser,
        'kakao user',
        {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        },
      );
      const account = user.kakao_account;
      const email = account?.email?.trim().toLowerCase() || null;
      const profile = account?.profile;
      return {
        provider: 'kakao',
        subject: String(user.id),
        email,
        // Kakao vouches for an address only when it is both still valid and verified.
        emailVerified:
          email !== null && account?.is_email_valid === true && account.is_email_verified === true,
        name: profile?.nickname ?? null,
        // Kakao's grey silhouette is not the user's picture.
        pictureUrl: profile?.is_default_image ? null : (profile?.profile_image_url ?? null),
      };
    },
  };
}
