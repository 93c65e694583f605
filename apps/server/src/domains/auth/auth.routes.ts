import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CSRF_COOKIE,
  ErrorBody,
  JwtDto,
  LIMITS,
  REFRESH_COOKIE,
  ResetPasswordRequest,
  SignInForm,
} from '@otboo/contract';
import type { Config } from '../../config.js';
import { readMultipart } from '../../lib/multipart.js';
import { parseWith } from '../../lib/validate.js';
import { issueCsrfCookie } from '../../plugins/csrf.js';
import { clientMeta } from '../../lib/client-meta.js';
import type { AuthService, IssuedSession } from './auth.service.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  config: Config;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 423: ErrorBody, 429: ErrorBody };

/** Sets the HttpOnly refresh cookie (docs/api.md §3) and returns the JWT body. */
export function sendSession(reply: FastifyReply, config: Config, issued: IssuedSession) {
  reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: Math.floor(config.refreshTokenTtlMs / 1000),
  });
  return issued.jwt;
}

export function clearRefreshCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(REFRESH_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
  });
}

/** Sign-in accepts the contract's multipart form; JSON is accepted too for API clients. */
async function signInForm(request: FastifyRequest) {
  if (request.isMultipart()) {
    const { fields } = await readMultipart(request);
    return parseWith(SignInForm, fields);
  }
  return parseWith(SignInForm, request.body ?? {});
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, config }) => {
  const secureCookies = config.publicUrl.startsWith('https://');

  app.get(
    '/csrf-token',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'XSRF-TOKEN 쿠키 발급', response: { 204: z.null() } },
    },
    async (request, reply) => {
      issueCsrfCookie(reply, request.cookies[CSRF_COOKIE], secureCookies);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/sign-in',
    {
      config: { public: true, authRateLimit: true },
      bodyLimit: LIMITS.authBodyMaxBytes,
      schema: {
        tags: ['auth'],
        summary: '로그인 (multipart: username, password)',
        response: { 200: JwtDto, ...errors },
      },
    },
    async (request, reply) => {
      const form = await signInForm(request);
      return sendSession(reply, config, await auth.signIn(form.username, form.password, clientMeta(request)));
    },
  );

  app.post(
    '/refresh',
    {
      config: { public: true },
      bodyLimit: LIMITS.authBodyMaxBytes,
      schema: { tags: ['auth'], summary: '토큰 재발급 (refresh 쿠키)', response: { 200: JwtDto, ...errors } },
    },
    async (request, reply) => {
      try {
        return sendSession(reply, config, await auth.refresh(request.cookies[REFRESH_COOKIE]));
      } catch (err) {
        clearRefreshCookie(reply, config);
        throw err;
      }
    },
  );

  app.post(
    '/sign-out',
    {
      config: { public: true },
      bodyLimit: LIMITS.authBodyMaxBytes,
      schema: { tags: ['auth'], summary: '로그아웃', response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await auth.signOut(request.cookies[REFRESH_COOKIE]);
      clearRefreshCookie(reply, config);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/reset-password',
    {
      config: { public: true, authRateLimit: true },
      bodyLimit: LIMITS.authBodyMaxBytes,
      schema: {
        tags: ['auth'],
        summary: '임시 비밀번호 발급 (이메일 발송, 가입 여부와 관계없이 204)',
        body: ResetPasswordRequest,
        response: { 204: z.null(), 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await auth.resetPassword(request.body.email);
      return reply.status(204).send(null);
    },
  );
};
