import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Serializer = (data: unknown) => string;
/** What Fastify hands a serializer compiler (the route's response schema for one status). */
type SerializerRouteSchema = Parameters<Exclude<FastifySchemaCompiler<unknown>, undefined>>[0] & {
  httpStatus?: string;
};

export interface ResponseSerializerOptions {
  /**
   * Also encode every response with the zod contract, fail when it breaks the contract, and fail when the fast
   * serializer's bytes differ from `JSON.stringify` of the zod output. Tests turn it on: every response of every
   * suite is then proved against the contract; production skips the zod pass (≈0.1–0.5 ms per response).
   */
  checkContract: boolean;
}

/** A response that breaks the contract (only thrown when the contract is checked). */
export class ResponseContractError extends Error {
  constructor(route: string, detail: string, options?: ErrorOptions) {
    super(`response of ${route} breaks the contract: ${detail}`, options);
    this.name = 'ResponseContractError';
  }
}

/**
 * zod writes `X | null` as `anyOf: [X, {type: 'null'}]`; fast-json-stringify would pick the branch with a JSON
 * schema validator at run time. `nullable` on X says the same and is serialized with a plain `=== null` check.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s: JsonSchema) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex >= 0 && other && !('$ref' in other) && !('anyOf' in other) && !('oneOf' in other)) {
      const { anyOf: _dropped, ...siblings } = out;
      return { ...siblings, ...other, nullable: true };
    }
  }
  return out;
}

/**
 * The route's zod response schema as a fast-json-stringify serializer, or undefined when zod cannot say it in
 * JSON schema (transforms, dates): those routes keep zod's encode and `JSON.stringify`.
 */
export function fastSerializerFor(schema: z.ZodType): Serializer | undefined {
  let jsonSchema: JsonSchema;
  try {
    jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
  } catch {
    return undefined;
  }
  const { $schema: _version, ...rest } = jsonSchema;
  return fastJson(simplify(rest) as Parameters<typeof fastJson>[0]) as Serializer;
}

function zodSerializer(schema: z.ZodType, route: string): Serializer {
  return (data) => {
    const result = z.safeEncode(schema, data);
    if (!result.success)
      throw new ResponseContractError(route, result.error.message, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

/**
 * Fastify's serializer compiler for zod response schemas: fast-json-stringify compiled once per route and
 * status from the schema's JSON form, instead of fastify-type-provider-zod's zod encode of every response.
 * Property order, omitted optionals and stripped unknown keys come out as zod's encode + `JSON.stringify` gives
 * them; `checkContract` proves that on every response a test makes.
 */
export function createResponseSerializerCompiler({ checkContract }: ResponseSerializerOptions) {
  return ({ schema, method, url, httpStatus }: SerializerRouteSchema): Serializer => {
    const route = `${method} ${url}${httpStatus ? ` (${httpStatus})` : ''}`;
    if (!(schema instanceof z.ZodType)) throw new Error(`${route}: a response schema must be a zod schema`);
    // Built with the route's first response, not at start: compiling every route's serializer was a fifth of a
    // restart (docs/scaling.md), and most routes of an instance answer nothing in its first seconds.
    let serialize: Serializer | undefined;
    return (data) => {
      serialize ??= compile(schema, route, checkContract);
      return serialize(data);
    };
  };
}

function compile(schema: z.ZodType, route: string, checkContract: boolean): Serializer {
  const checked = zodSerializer(schema, route);
  const fast = fastSerializerFor(schema);
  if (!fast) return checked;
  if (!checkContract) return fast;
  return (data) => {
    const expected = checked(data);
    const actual = fast(data);
    if (actual !== expected)
      throw new ResponseContractError(route, `fast serializer wrote ${actual}, the contract ${expected}`);
    return actual;
  };
}
