import type { OAuthProvider } from '@otboo/contract';
import type { PendingSignIn } from './oauth-state.js';

/** Who the provider says signed in. */
export interface SocialProfile {
  provider: OAuthProvider;
  /** The provider's stable id of the account (Google `sub`, Kakao `id`). */
  subject: string;
  /** Lower-cased; null when the user did not share one or the provider has none. */
  email: string | null;
  /** The provider vouches that the user controls `email`. */
  emailVerified: boolean;
  name: string | null;
  /** The provider's avatar, when the user has one of their own. */
  pictureUrl: string | null;
}

/** One provider's side of the authorization code flow. */
export interface OAuthClient {
  /** Where to send the browser to sign in. */
  authorizationUrl(pending: PendingSignIn): Promise<string>;
  /** Exchanges the callback's code and reads the profile; throws ProviderError when anything is off. */
  profileFromCode(code: string, pending: PendingSignIn): Promise<SocialProfile>;
}
