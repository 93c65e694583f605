import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  SocialLinkParams,
  SocialLinkStart,
  UserIdParams,
  ko,
  type OAuthProvider,
} from '@otboo/contract';
import type { Config } from '../../../config.js';
import { actorOf } from '../../../plugins/auth.js';
import { clientMeta } from '../../../lib/client-meta.js';
import { sendSession } from '../auth.routes.js';
import { OAUTH_STATE_COOKIE, OAUTH_STATE_TTL_MS } from './oauth-state.js';
import { OAuthFailure, callbackPath, isOAuthProvider, type OAuthService } from './oauth.service.js';

export interface OAuthRoutesOptions {
  oauth: OAuthService;
  config: Config;
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
/** The stricter of two pino levels (a route's level replaces the app's, so it must never be looser). */
const stricter = (a: Config['logLevel'], b: Config['logLevel']) =>
  LOG_LEVELS.indexOf(a) >= LOG_LEVELS.indexOf(b) ? a : b;

/** Longest query value read from a callback; real codes and states are far shorter. */
const MAX_QUERY_VALUE = 2048;

function queryValue(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_QUERY_VALUE ? value : undefined;
}

/** The login page with a Korean reason (docs/api.md §3); nothing the provider sent is passed on. */
export function loginErrorLocation(message: string): string {
  return `/#/auth/login?error=oauth&error_message=${encodeURIComponent(message)}`;
}

/** Settings after a link: `linked=<provider>`, or the reason it failed, as the login page gets it. */
export function settingsLocation(outcome: { linked: OAuthProvider } | { error: string }): string {
  return 'linked' in outcome
    ? `/#/settings?linked=${outcome.linked}`
    : `/#/settings?error=oauth&error_message=${encodeURIComponent(outcome.error)}`;
}

/**
 * `POST /api/users/:userId/social-links/:provider` (self, signed in within 10 minutes): starts linking a
 * provider account to the caller's account. An API call, so it carries the Bearer token and the CSRF header; it
 * sets the state cookie like the sign-in start and answers the provider URL for the browser to go to.
 * Registered with the `/api/users` prefix (not under `/api/auth`, whose 401s the web client does not refresh).
 */
export const socialLinksRoutes: FastifyPluginAsyncZod<OAuthRoutesOptions> = async (
  app,
  { oauth, config },
) => {
  app.post(
    '/:userId/social-links/:provider',
    {
      schema: {
        tags: ['auth'],
        summary: '소셜 계정 연결 시작 (본인, 로그인 10분 이내): 제공자 주소와 state 쿠키',
        params: UserIdParams.extend(SocialLinkParams.shape),
        response: {
          200: SocialLinkStart,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          502: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const started = await oauth.beginLink(actorOf(request), request.params.userId, request.params.provider);
      reply.setCookie(OAUTH_STATE_COOKIE, started.stateCookie, {
        ...stateCookieOptions(config, started.provider),
        maxAge: OAUTH_STATE_TTL_MS / 1000,
      });
      reply.header('cache-control', 'no-store');
      return { authorizationUrl: started.location };
    },
  );
};

/** Scoped to the provider's callback: the browser sends it there and nowhere else. */
function stateCookieOptions(config: Config, provider: OAuthProvider) {
  return {
    path: callbackPath(provider),
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
  } as const;
}

/**
 * Browser navigations, not API calls: both answer with a 302 only, never a JSON error, and are outside `/api`
 * so the Bearer check does not apply. Registered without a prefix.
 */
export const oauthRoutes: FastifyPluginAsync<OAuthRoutesOptions> = async (app, { oauth, config }) => {
  const cookieOptions = (provider: OAuthProvider) => stateCookieOptions(config, provider);

  function fail(request: FastifyRequest, reply: FastifyReply, provider: string, err: unknown) {
    if (err instanceof OAuthFailure) {
      request.log.warn(
        { provider: provider.slice(0, 40), reason: err.reason, linking: err.linking },
        'social sign-in refused',
      );
      const location = err.linking
        ? settingsLocation({ error: err.userMessage })
        : loginErrorLocation(err.userMessage);
      return reply.redirect(location, 302);
    }
    request.log.error({ err, provider: provider.slice(0, 40) }, 'social sign-in failed');
    return reply.redirect(loginErrorLocation(ko.auth.oauthFailed), 302);
  }

  app.get<{ Params: { provider: string } }>(
    '/oauth2/authorization/:provider',
    { schema: { tags: ['auth'], summary: '소셜 로그인 시작 (google, kakao): 제공자의 로그인 페이지로 302' } },
    async (request, reply) => {
      const { provider } = request.params;
      try {
        const started = await oauth.begin(provider);
        reply.setCookie(OAUTH_STATE_COOKIE, started.stateCookie, {
          ...cookieOptions(started.provider),
          maxAge: OAUTH_STATE_TTL_MS / 1000,
        });
        return reply.header('cache-control', 'no-store').redirect(started.location, 302);
      } catch (err) {
        return fail(request, reply, provider, err);
      }
    },
  );

  app.get<{ Params: { provider: string } }>(
    '/login/oauth2/code/:provider',
    {
      schema: {
        tags: ['auth'],
        summary: '소셜 로그인 콜백: 성공 시 REFRESH_TOKEN 쿠키와 함께 / 로, 계정 연결이면 설정으로 302',
      },
      // The request line carries the authorization code: keep it out of the per-request info log.
      logLevel: stricter(config.logLevel, 'warn'),
    },
    async (request, reply) => {
      const { provider } = request.params;
      // Single use: whatever happens next, this browser's pending sign-in ends here.
      if (isOAuthProvider(provider)) reply.clearCookie(OAUTH_STATE_COOKIE, cookieOptions(provider));
      reply.header('cache-control', 'no-store');
      try {
        const outcome = await oauth.finish(
          provider,
          {
            code: queryValue(request.query, 'code'),
            state: queryValue(request.query, 'state'),
            error: queryValue(request.query, 'error'),
          },
          request.cookies[OAUTH_STATE_COOKIE],
          clientMeta(request),
        );
        if (outcome.kind === 'linked')
          return reply.redirect(settingsLocation({ linked: outcome.provider }), 302);
        sendSession(reply, config, outcome.issued);
        return reply.redirect('/', 302);
      } catch (err) {
        return fail(request, reply, provider, err);
      }
    },
  );
};
