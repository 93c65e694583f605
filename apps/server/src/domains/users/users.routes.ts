import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordRequest,
  ErrorBody,
  LIMITS,
  UserCreateRequest,
  UserDto,
  UserIdParams,
  UserListQuery,
  UserLockUpdateRequest,
  UserPage,
  UserRoleUpdateRequest,
} from '@otboo/contract';
import { actorOf } from '../../plugins/auth.js';
import { clientMeta } from '../../lib/client-meta.js';
import { profilesRoutes } from './profiles.routes.js';
import type { UsersService } from './users.service.js';

export interface UsersRoutesOptions {
  users: UsersService;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users }) => {
  app.post(
    '/',
    {
      config: { public: true, authRateLimit: true },
      bodyLimit: LIMITS.authBodyMaxBytes,
      schema: {
        tags: ['users'],
        summary: '회원가입',
        body: UserCreateRequest,
        response: { 201: UserDto, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await users.signUp(request.body)),
  );

  app.get(
    '/',
    {
      config: { admin: true },
      schema: {
        tags: ['users'],
        summary: '사용자 목록 (관리자)',
        querystring: UserListQuery,
        response: { 200: UserPage, ...errors },
      },
    },
    async (request) => users.list(request.query),
  );

  app.patch(
    '/:userId/role',
    {
      config: { admin: true },
      schema: {
        tags: ['users'],
        summary: '권한 변경 (관리자)',
        params: UserIdParams,
        body: UserRoleUpdateRequest,
        response: { 200: UserDto, ...errors },
      },
    },
    async (request) => users.changeRole(actorOf(request), request.params.userId, request.body.role),
  );

  app.patch(
    '/:userId/lock',
    {
      config: { admin: true },
      schema: {
        tags: ['users'],
        summary: '계정 잠금/해제 (관리자)',
        params: UserIdParams,
        body: UserLockUpdateRequest,
        response: { 200: UserDto, ...errors },
      },
    },
    async (request) => users.changeLock(actorOf(request), request.params.userId, request.body.locked),
  );

  app.patch(
    '/:userId/password',
    {
      schema: {
        tags: ['users'],
        summary: '비밀번호 변경 (본인; currentPassword 또는 최근 로그인·임시 비밀번호 세션)',
        params: UserIdParams,
        body: ChangePasswordRequest,
        response: { 204: z.null(), ...errors, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await users.changePassword(actorOf(request), request.params.userId, request.body, clientMeta(request));
      return reply.status(204).send(null);
    },
  );

  await app.register(profilesRoutes, { profiles: users.profiles });
};
