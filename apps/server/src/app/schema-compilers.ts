import type { FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { createResponseSerializerCompiler } from '../lib/response-serializer.js';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * Requests validated by zod; responses through fast-json-stringify, and in tests (CHECK_RESPONSES) also proved
 * against zod. Given as Fastify's compiler factories rather than set on the app afterwards, Fastify never loads its
 * own Ajv compiler (a tenth of a second of every start). Fastify types the factories after its Ajv and
 * fast-json-stringify compilers; it calls them with the same route definitions as `setValidatorCompiler` and
 * `setSerializerCompiler` would.
 */
export function schemaCompilers(config: Config): CompilersFactory {
  const serializerCompiler = createResponseSerializerCompiler({ checkContract: config.checkResponses });
  return {
    buildValidator: () => validatorCompiler,
    buildSerializer: () => serializerCompiler,
  } as unknown as CompilersFactory;
}
