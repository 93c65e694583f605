import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, LIMITS, ProfileDto, ProfileUpdateRequest, UserIdParams, ko } from '@otboo/contract';
import { jsonPart, readMultipart } from '../../lib/multipart.js';
import { parseWith } from '../../lib/validate.js';
import { actorOf } from '../../plugins/auth.js';
import type { ProfilesService } from './profiles.service.js';

export interface ProfilesRoutesOptions {
  profiles: ProfilesService;
}

/** Multipart `request` JSON part plus optional `image` (docs/api.md §3); a plain JSON body is accepted for API clients. */
async function profileUpdate(request: FastifyRequest) {
  if (!request.isMultipart()) return { input: parseWith(ProfileUpdateRequest, request.body ?? {}) };
  const { fields, file } = await readMultipart(request, {
    fileField: 'image',
    maxFileBytes: LIMITS.profileImageMaxBytes,
    tooLargeMessage: ko.profile.imageTooLarge,
  });
  return { input: parseWith(ProfileUpdateRequest, jsonPart(fields)), image: file?.buffer };
}

export const profilesRoutes: FastifyPluginAsyncZod<ProfilesRoutesOptions> = async (app, { profiles }) => {
  app.get(
    '/:userId/profiles',
    {
      schema: {
        tags: ['users'],
        summary: '프로필 조회 (본인·관리자 외에는 성별·생년월일·위치 없이)',
        params: UserIdParams,
        response: { 200: ProfileDto, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => profiles.get(actorOf(request), request.params.userId),
  );

  app.patch(
    '/:userId/profiles',
    {
      schema: {
        tags: ['users'],
        summary: '프로필 수정 (본인, multipart: request, image)',
        consumes: ['multipart/form-data'],
        params: UserIdParams,
        response: {
          200: ProfileDto,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { input, image } = await profileUpdate(request);
      return profiles.update(actor, request.params.userId, input, image);
    },
  );
};
