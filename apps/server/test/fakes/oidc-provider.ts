import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import {
  consentPage,
  createCodeStore,
  createConsentQueue,
  fakeAvatarPng,
  readAuthorizeRequest,
  readBody,
  redirectBack,
  redirectUriAllowed,
  type AuthorizeRequest,
  type ConsentMode,
} from './oidc-code-flow.js';

/**
 * A loopback OpenID Connect provider shaped like Google's: discovery at `/.well-known/openid-configuration`,
 * `/authorize` (code flow, PKCE, nonce), `/token` (client_secret_post or _basic, single-use codes, PKCE
 * check, RS256 ID token), `/jwks`, and avatars under `/pictures/`. Errors follow RFC 6749 §5.2
 * (`{"error":"invalid_grant",…}`). Knobs on the returned object change what the next sign-in gets.
 */

export interface OidcUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** A path on this fake (`/pictures/avatar.png`) or an absolute URL. */
  picture?: string;
}

/** Ways to spoil the next ID tokens, for the refusal tests. */
export interface IdTokenTampering {
  aud?: string;
  iss?: string;
  nonce?: string;
  /** Signed with a key that is not in the JWKS (same `kid`). */
  foreignKey?: boolean;
  /** Already expired when issued. */
  expired?: boolean;
}

export interface OidcFake {
  /** Issuer and base URL: `http://127.0.0.1:<port>`. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs accepted; empty = any loopback http URI. */
  redirectUris: string[];
  /** Who signs in next. */
  user: OidcUser;
  mode: ConsentMode;
  tamper: IdTokenTampering;
  /** Delay before the token endpoint answers. */
  tokenDelayMs: number;
  /** Authorize requests received (their query), newest last. */
  authorizeRequests: AuthorizeRequest[];
  counts: { discovery: number; token: number; jwks: number; pictures: number };
  /** Redeems a code at the token endpoint as someone else would (the code-reuse test). */
  redeem(
    code: string,
    redirectUri: string,
    codeVerifier: string | null,
  ): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

const KID = 'fake-oidc-key-1';

export async function startOidcFake(
  options: { clientId?: string; clientSecret?: string; redirectUris?: string[] } = {},
): Promise<OidcFake> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const codes = createCodeStore<OidcUser>();
  const consents = createConsentQueue<OidcUser>();

  const fake: OidcFake = {
    url: '',
    clientId: options.clientId ?? 'google-client-id.apps.example',
    clientSecret: options.clientSecret ?? 'google-client-secret',
    redirectUris: options.redirectUris ?? [],
    user: { sub: '100000000000000000001', email: 'someone@gmail.com', email_verified: true, name: 'Someone' },
    mode: 'auto',
    tamper: {},
    tokenDelayMs: 0,
    authorizeRequests: [],
    counts: { discovery: 0, token: 0, jwks: 0, pictures: 0 },
    redeem: async () => ({ status: 0, body: null }),
    close: async () => {},
  };

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res
      .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
      .end(JSON.stringify(body));
  const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
    json(res, status, { error, error_description: description });

  async function idToken(user: OidcUser, request: AuthorizeRequest): Promise<string> {
    const t = fake.tamper;
    const now = Math.floor(Date.now() / 1000);
    const picture = user.picture?.startsWith('/') ? `${fake.url}${user.picture}` : user.picture;
    const claims: Record<string, unknown> = {
      azp: fake.clientId,
      email: user.email,
      email_verified: user.email_verified,
      name: user.name,
      picture,
      nonce: t.nonce ?? request.nonce ?? undefined,
    };
    const key: CryptoKey = t.foreignKey ? foreign.privateKey : privateKey;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
      .setIssuer(t.iss ?? fake.url)
      .setAudience(t.aud ?? fake.clientId)
      .setSubject(user.sub)
      .setIssuedAt(t.expired ? now - 7200 : now)
      .setExpirationTime(t.expired ? now - 3600 : now + 3600)
      .sign(key);
  }

  function authorize(url: URL, res: ServerResponse) {
    const request = readAuthorizeRequest(url);
    fake.authorizeRequests.push(request);
    // Like Google: a wrong client or redirect URI is shown to the user, never redirected to.
    if (request.clientId !== fake.clientId || !redirectUriAllowed(request.redirectUri, fake.redirectUris)) {
      res
        .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
        .end('<h1>400 redirect_uri_mismatch</h1>');
      return;
    }
    const back = (params: Record<string, string | null>) =>
      redirectBack(res, request.redirectUri, { ...params, state: request.state });
    if (url.searchParams.get('response_type') !== 'code') return back({ error: 'unsupported_response_type' });
    if (!request.scope.split(' ').includes('openid')) return back({ error: 'invalid_scope' });
    if (request.codeChallenge && !['S256', 'plain'].includes(request.codeChallengeMethod ?? 'plain'))
      return back({ error: 'invalid_request' });
    if (fake.mode === 'deny') return back({ error: 'access_denied' });
    const user = { ...fake.user };
    if (fake.mode === 'consent') {
      const id = consents.add(request, user);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        consentPage({
          provider: 'Google',
          account: user.email ?? user.sub,
          items: ['이름', '이메일 주소', '프로필 사진'],
          action: '/authorize/decision',
          requestId: id,
        }),
      );
      return;
    }
    back({ code: codes.issue(request, user) });
  }

  async function decision(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const pending = consents.take(form.get('request') ?? '');
    if (!pending) return oauthError(res, 400, 'invalid_request', 'unknown consent request');
    const { request, grant } = pending;
    if (form.get('decision') !== 'allow')
      return redirectBack(res, request.redirectUri, { error: 'access_denied', state: request.state });
    redirectBack(res, request.redirectUri, { code: codes.issue(request, grant), state: request.state });
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    fake.counts.token += 1;
    if (fake.tokenDelayMs > 0) await new Promise((r) => setTimeout(r, fake.tokenDelayMs));
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return oauthError(res, 400, 'invalid_request', 'form body expected');
    }
    const form = new URLSearchParams(await readBody(req));
    let clientId = form.get('client_id');
    let clientSecret = form.get('client_secret');
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic)
      [clientId, clientSecret] = Buffer.from(basic[1]!, 'base64')
        .toString()
        .split(':')
        .map(decodeURIComponent) as [string, string];
    if (clientId !== fake.clientId || clientSecret !== fake.clientSecret)
      return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.');
    if (form.get('grant_type') !== 'authorization_code')
      return oauthError(res, 400, 'unsupported_grant_type', 'Invalid grant_type');
    const redeemed = codes.redeem(
      form.get('code') ?? '',
      clientId,
      form.get('redirect_uri') ?? '',
      form.get('code_verifier'),
    );
    if (!redeemed.ok) return oauthError(res, 400, 'invalid_grant', redeemed.description);
    json(res, 200, {
      access_token: `ya29.fake-${Math.random().toString(36).slice(2)}`,
      expires_in: 3599,
      scope:
        'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      token_type: 'Bearer',
      id_token: await idToken(redeemed.grant, redeemed.request),
    });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', fake.url);
    const route = `${req.method} ${url.pathname}`;
    const handle = async () => {
      switch (route) {
        case 'GET /.well-known/openid-configuration':
          fake.counts.discovery += 1;
          return json(res, 200, {
            issuer: fake.url,
            authorization_endpoint: `${fake.url}/authorize`,
            token_endpoint: `${fake.url}/token`,
            userinfo_endpoint: `${fake.url}/userinfo`,
            jwks_uri: `${fake.url}/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            scopes_supported: ['openid', 'email', 'profile'],
            token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
            code_challenge_methods_supported: ['plain', 'S256'],
            claims_supported: [
              'aud',
              'email',
              'email_verified',
              'exp',
              'iat',
              'iss',
              'name',
              'picture',
              'sub',
            ],
          });
        case 'GET /jwks':
          fake.counts.jwks += 1;
          return json(res, 200, { keys: [jwk] });
        case 'GET /authorize':
          return authorize(url, res);
        case 'POST /authorize/decision':
          return decision(req, res);
        case 'POST /token':
          return token(req, res);
        case 'GET /pictures/avatar.png':
          fake.counts.pictures += 1;
          return res.writeHead(200, { 'content-type': 'image/png' }).end(await fakeAvatarPng());
        case 'GET /pictures/not-an-image':
          fake.counts.pictures += 1;
          return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>no</html>');
        default:
          return json(res, 404, { error: 'not_found' });
      }
    };
    handle().catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error: 'server_error', error_description: String(err) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.redeem = async (code, redirectUri, codeVerifier) => {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    });
    if (codeVerifier) body.set('code_verifier', codeVerifier);
    const res = await fetch(`${fake.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    return { status: res.status, body: await res.json() };
  };
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
