import { z } from 'zod';

type Schema = z.core.$ZodType;

/** True for zod schemas (any version-4 type). */
export const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value;

/**
 * Calls `visit` on `schema` and every schema inside it (object fields, wrappers, pipes, arrays, unions,
 * records, tuples, lazies), each once, with the path of object keys that leads to it.
 */
export function walkSchema(
  schema: Schema,
  visit: (schema: Schema, path: string) => void,
  path = '',
  seen = new Set<Schema>(),
): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  visit(schema, path);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const inner = (value: unknown, at = path) => {
    if (isSchema(value)) walkSchema(value, visit, at, seen);
  };
  switch (def.type) {
    case 'object':
      for (const [key, field] of Object.entries(def.shape as Record<string, unknown>))
        inner(field, path ? `${path}.${key}` : key);
      inner(def.catchall);
      break;
    case 'array':
      inner(def.element, `${path}[]`);
      break;
    case 'pipe':
      inner(def.in);
      inner(def.out);
      break;
    case 'union':
      for (const option of def.options as unknown[]) inner(option);
      break;
    case 'intersection':
      inner(def.left);
      inner(def.right);
      break;
    case 'record':
      inner(def.keyType);
      inner(def.valueType);
      break;
    case 'tuple':
      for (const item of def.items as unknown[]) inner(item);
      inner(def.rest);
      break;
    case 'lazy':
      inner((def.getter as () => unknown)());
      break;
    default:
      inner(def.innerType);
  }
}
