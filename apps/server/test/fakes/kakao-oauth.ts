import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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
 * Loopback Kakao Login, split like the real one: an auth server (kauth: `/oauth/authorize`, `/oauth/token`
 * with `{"error":"invalid_grant","error_description":…,"error_code":"KOE320"}` errors) and an API server
 * (kapi: `/v2/user/me` in the real JSON shape, `{"msg":…,"code":-401}` for an unknown token). Avatars are
 * served by the API server under `/pictures/`.
 */

export interface KakaoUser {
  id: number;
  nickname?: string;
  /** A path on the API server (`/pictures/avatar.png`) or an absolute URL. */
  profileImageUrl?: string;
  isDefaultImage?: boolean;
  /** Absent: the account has no e-mail or the user did not agree to share it. */
  email?: string;
  isEmailValid?: boolean;
  isEmailVerified?: boolean;
}

export interface KakaoOAuthFake {
  /** OAUTH_KAKAO_BASE_URL */
  authUrl: string;
  /** OAUTH_KAKAO_API_URL */
  apiUrl: string;
  clientId: string;
  /** Required on token requests when set (the app's [보안] client secret is on). */
  clientSecret: string | null;
  redirectUris: string[];
  user: KakaoUser;
  mode: ConsentMode;
  authorizeRequests: AuthorizeRequest[];
  /** Token requests' form bodies, newest last. */
  tokenRequests: URLSearchParams[];
  userMeRequests: URL[];
  counts: { pictures: number };
  close(): Promise<void>;
}

export async function startKakaoOAuthFake(
  options: { clientId?: string; clientSecret?: string | null; redirectUris?: string[] } = {},
): Promise<KakaoOAuthFake> {
  const codes = createCodeStore<KakaoUser>();
  const consents = createConsentQueue<KakaoUser>();
  const accessTokens = new Map<string, { user: KakaoUser; scopes: string[] }>();
  const fake: KakaoOAuthFake = {
    authUrl: '',
    apiUrl: '',
    clientId: options.clientId ?? 'kakao-rest-api-key',
    clientSecret: options.clientSecret === undefined ? 'kakao-client-secret' : options.clientSecret,
    redirectUris: options.redirectUris ?? [],
    user: {
      id: 3_141_592_653,
      nickname: '카카오친구',
      email: 'friend@kakao.com',
      isEmailValid: true,
      isEmailVerified: true,
    },
    mode: 'auto',
    authorizeRequests: [],
    tokenRequests: [],
    userMeRequests: [],
    counts: { pictures: 0 },
    close: async () => {},
  };

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
  const kauthError = (res: ServerResponse, error: string, description: string, code: string) =>
    json(res, 400, { error, error_description: description, error_code: code });

  function authorize(url: URL, res: ServerResponse) {
    const request = readAuthorizeRequest(url);
    fake.authorizeRequests.push(request);
    if (request.clientId !== fake.clientId) {
      res
        .writeHead(400, { 'content-type': 'text/html;charset=UTF-8' })
        .end('<h1>KOE101 앱 키가 올바르지 않습니다</h1>');
      return;
    }
    if (!redirectUriAllowed(request.redirectUri, fake.redirectUris)) {
      res
        .writeHead(400, { 'content-type': 'text/html;charset=UTF-8' })
        .end('<h1>KOE006 등록되지 않은 Redirect URI</h1>');
      return;
    }
    const back = (params: Record<string, string | null>) =>
      redirectBack(res, request.redirectUri, { ...params, state: request.state });
    if (url.searchParams.get('response_type') !== 'code')
      return back({ error: 'invalid_request', error_description: 'response_type must be code' });
    if (request.codeChallenge && !['S256', 'plain'].includes(request.codeChallengeMethod ?? 'plain')) {
      return back({ error: 'invalid_request', error_description: 'invalid code_challenge_method' });
    }
    if (fake.mode === 'deny')
      return back({ error: 'access_denied', error_description: 'User denied access' });
    const user = { ...fake.user };
    if (fake.mode === 'consent') {
      const id = consents.add(request, user);
      res.writeHead(200, { 'content-type': 'text/html;charset=UTF-8' }).end(
        consentPage({
          provider: '카카오',
          account: user.nickname ?? String(user.id),
          items: ['닉네임', '프로필 사진', '카카오계정(이메일)'],
          action: '/oauth/authorize/decision',
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
    if (!pending) return kauthError(res, 'invalid_request', 'unknown consent request', 'KOE010');
    const { request, grant } = pending;
    if (form.get('decision') !== 'allow') {
      return redirectBack(res, request.redirectUri, {
        error: 'access_denied',
        error_description: 'User denied access',
        state: request.state,
      });
    }
    redirectBack(res, request.redirectUri, { code: codes.issue(request, grant), state: request.state });
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return kauthError(
        res,
        'invalid_request',
        'Content-Type must be application/x-www-form-urlencoded',
        'KOE010',
      );
    }
    const form = new URLSearchParams(await readBody(req));
    fake.tokenRequests.push(form);
    if (form.get('grant_type') !== 'authorization_code')
      return kauthError(res, 'unsupported_grant_type', 'grant_type is invalid', 'KOE010');
    if (form.get('client_id') !== fake.clientId)
      return json(res, 401, {
        error: 'invalid_client',
        error_description: 'Not exist client_id',
        error_code: 'KOE101',
      });
    if (fake.clientSecret !== null && form.get('client_secret') !== fake.clientSecret) {
      return json(res, 401, {
        error: 'invalid_client',
        error_description: 'Bad client credentials',
        error_code: 'KOE010',
      });
    }
    const code = form.get('code') ?? '';
    const redeemed = codes.redeem(
      code,
      fake.clientId,
      form.get('redirect_uri') ?? '',
      form.get('code_verifier'),
    );
    if (!redeemed.ok) {
      const koe = redeemed.description.includes('code_verifier') ? 'KOE322' : 'KOE320';
      return kauthError(res, 'invalid_grant', `${redeemed.description} for code=${code.slice(0, 8)}`, koe);
    }
    const scopes = redeemed.request.scope.split(/[ ,]+/).filter(Boolean);
    const accessToken = randomBytes(30).toString('base64url');
    accessTokens.set(accessToken, { user: redeemed.grant, scopes });
    json(res, 200, {
      token_type: 'bearer',
      access_token: accessToken,
      expires_in: 21599,
      refresh_token: randomBytes(30).toString('base64url'),
      refresh_token_expires_in: 5183999,
      scope: scopes.join(' '),
    });
  }

  /** `GET /v2/user/me`: what the scopes the user agreed to let the app see. */
  function userMe(req: IncomingMessage, url: URL, res: ServerResponse) {
    fake.userMeRequests.push(url);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const session = bearer ? accessTokens.get(bearer) : undefined;
    if (!session) return json(res, 401, { msg: 'this access token does not exist', code: -401 });
    const { user, scopes } = session;
    const secure = url.searchParams.get('secure_resource') === 'true';
    const picture = user.profileImageUrl?.startsWith('/')
      ? `${fake.apiUrl}${user.profileImageUrl}`
      : user.profileImageUrl;
    const withNickname = scopes.includes('profile_nickname') && user.nickname !== undefined;
    const withImage = scopes.includes('profile_image') && picture !== undefined;
    const withEmail = scopes.includes('account_email') && user.email !== undefined;
    json(res, 200, {
      id: user.id,
      connected_at: '2026-03-01T09:00:00Z',
      properties: {
        ...(withNickname ? { nickname: user.nickname } : {}),
        ...(withImage ? { profile_image: picture, thumbnail_image: picture } : {}),
      },
      kakao_account: {
        profile_nickname_needs_agreement: !scopes.includes('profile_nickname'),
        profile_image_needs_agreement: !scopes.includes('profile_image'),
        ...(withNickname || withImage
          ? {
              profile: {
                ...(withNickname ? { nickname: user.nickname, is_default_nickname: false } : {}),
                ...(withImage
                  ? {
                      thumbnail_image_url: secure ? picture : picture!.replace(/^https:/, 'http:'),
                      profile_image_url: secure ? picture : picture!.replace(/^https:/, 'http:'),
                      is_default_image: user.isDefaultImage ?? false,
                    }
                  : {}),
              },
            }
          : {}),
        has_email: user.email !== undefined,
        email_needs_agreement: !scopes.includes('account_email') && user.email !== undefined,
        ...(withEmail
          ? {
              is_email_valid: user.isEmailValid ?? true,
              is_email_verified: user.isEmailVerified ?? true,
              email: user.email,
            }
          : {}),
      },
    });
  }

  async function listen(
    handler: (req: IncomingMessage, res: ServerResponse, url: URL) => unknown,
  ): Promise<{ server: Server; url: string }> {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      Promise.resolve(handler(req, res, url)).catch((err: unknown) => {
        if (!res.headersSent) json(res, 500, { msg: String(err), code: -1 });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  const kauth = await listen((req, res, url) => {
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /oauth/authorize') return authorize(url, res);
    if (route === 'POST /oauth/authorize/decision') return decision(req, res);
    if (route === 'POST /oauth/token') return token(req, res);
    return json(res, 404, { error: 'not_found', error_description: 'not found', error_code: 'KOE404' });
  });
  const kapi = await listen(async (req, res, url) => {
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /v2/user/me' || route === 'POST /v2/user/me') return userMe(req, url, res);
    if (route === 'GET /pictures/avatar.png') {
      fake.counts.pictures += 1;
      res.writeHead(200, { 'content-type': 'image/png' }).end(await fakeAvatarPng());
      return;
    }
    return json(res, 404, { msg: 'not found', code: -404 });
  });
  fake.authUrl = kauth.url;
  fake.apiUrl = kapi.url;
  fake.close = async () => {
    for (const { server } of [kauth, kapi]) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  };
  return fake;
}
