import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, UserCreateRequest, UserDto } from '@otboo/contract';
import type { UsersService } from './users.service.js';

export interface UsersRoutesOptions {
  users: UsersService;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users }) => {
  app.post(
    '/',
    {
      config: { public: true },
      schema: {
        tags: ['users'],
        summary: '회원가입',
        body: UserCreateRequest,
        response: { 201: UserDto, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await users.signUp(request.body)),
  );
};
