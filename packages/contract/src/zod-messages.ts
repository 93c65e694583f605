import { z } from 'zod';
import { ko } from './texts.ko.js';

type Issue = z.core.$ZodRawIssue;

const NUMBER_TYPES = new Set(['number', 'int', 'bigint', 'int32', 'uint32', 'float32', 'float64']);
const TEXT_FORMATS_OF_IDS = new Set(['uuid', 'guid', 'uuidv4', 'uuidv6', 'uuidv7']);

/** The Korean name of the field an issue is about; an array element is "<list>의 항목". */
function fieldName(path: readonly PropertyKey[] | undefined): string {
  const keys = path ?? [];
  const last = keys.findLastIndex((k) => typeof k === 'string');
  const key = last >= 0 ? String(keys[last]) : 'request';
  const name = ko.validation.fieldNames[key] ?? key;
  return last < keys.length - 1 ? ko.validation.listItem(name) : name;
}

const word = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The Korean message of a zod issue whose schema gives no text of its own: it names the field in Korean and
 * never the types or values zod works with ('expected number, received NaN'). Registered once with
 * `z.config` below, so every parse of the contract's schemas, on the server and in the web, speaks Korean.
 */
export function koreanIssueMessage(issue: Issue): string {
  const atRoot = (issue.path ?? []).length === 0;
  const field = fieldName(issue.path);
  const v = ko.validation;
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return atRoot ? v.bodyRequired : v.fieldRequired(field);
      if (atRoot) return v.bodyNotObject;
      // A query parameter given twice (`?limit=1&limit=2`) arrives as an array.
      if (Array.isArray(issue.input) && issue.expected !== 'array') return v.fieldRepeated(field);
      if (issue.expected === 'int') return v.fieldNotInteger(field);
      if (NUMBER_TYPES.has(issue.expected)) return v.fieldNotNumber(field);
      if (issue.expected === 'string') return v.fieldNotText(field);
      if (issue.expected === 'boolean') return v.fieldNotBoolean(field);
      if (issue.expected === 'array' || issue.expected === 'set') return v.fieldNotList(field);
      return v.fieldInvalid(field);
    }
    case 'too_big': {
      const max = issue.maximum.toString();
      if (issue.origin === 'string') return v.fieldTextAtMost(field, max);
      if (issue.origin === 'array' || issue.origin === 'set') return v.fieldListAtMost(field, max);
      if (NUMBER_TYPES.has(issue.origin)) return (issue.inclusive ? v.fieldAtMost : v.fieldBelow)(field, max);
      return v.fieldInvalid(field);
    }
    case 'too_small': {
      const min = issue.minimum.toString();
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? v.fieldRequired(field) : v.fieldTextAtLeast(field, min);
      if (issue.origin === 'array' || issue.origin === 'set') return v.fieldListAtLeast(field, min);
      if (NUMBER_TYPES.has(issue.origin))
        return (issue.inclusive ? v.fieldAtLeast : v.fieldAbove)(field, min);
      return v.fieldInvalid(field);
    }
    case 'invalid_format':
      if (TEXT_FORMATS_OF_IDS.has(issue.format)) return ko.common.invalidId;
      if (issue.format === 'email') return v.emailInvalid;
      return v.fieldInvalid(field);
    case 'invalid_value':
      if (Array.isArray(issue.input)) return v.fieldRepeated(field);
      return v.fieldOneOf(field, issue.values.map(word).join(', '));
    case 'not_multiple_of':
      return v.fieldMultipleOf(field, issue.divisor.toString());
    case 'unrecognized_keys':
      return v.unknownFields(issue.keys.join(', '));
    default:
      return atRoot ? ko.common.invalidInput : v.fieldInvalid(field);
  }
}

// zod's Korean texts as the base for anything new, ours on top (they never show types or zod's own words).
z.config(z.locales.ko());
z.config({ customError: koreanIssueMessage });
