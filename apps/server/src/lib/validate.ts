import type { z } from 'zod';
import { ko } from '@otboo/contract';
import { badRequest } from './errors.js';

/** A zod issue as far as the details need it; `keys` are the unknown fields of an `unrecognized_keys` issue. */
type Issue = { path: PropertyKey[]; message: string; code?: string; keys?: readonly string[] };

/**
 * `{field: message}` from zod issues, first message per field (docs/api.md §1 `details`). `whole` names an issue
 * about the value itself (a missing body, a non-object JSON part). An unknown field of a strict body is named by
 * its own path (`push.sms`), not its object's.
 */
export function issueDetails(issues: readonly Issue[], whole = 'request'): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
      for (const key of issue.keys) {
        const field = [...path, key].join('.');
        details[field] ??= ko.validation.unknownFields(field);
      }
      continue;
    }
    details[path.join('.') || whole] ??= issue.message;
  }
  return details;
}

/** Parses a value that the type provider could not (multipart JSON parts, STOMP bodies); 400 on failure. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, whole?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = issueDetails(result.error.issues, whole);
  const first = Object.values(details)[0];
  throw badRequest(first ?? ko.common.invalidInput, details);
}
