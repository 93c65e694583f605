import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.js';
import { isSafeText, multilineText, safeText } from './safe-text.js';
import { ko } from './texts.ko.js';
import { isSchema, walkSchema } from '../test/schema-walk.js';

describe('safeText', () => {
  it('accepts Korean, emoji sequences, tab and line feed', () => {
    for (const text of ['오늘의 코디 👕', '가족 👨‍👩‍👧 😀', 'a\tb', '첫 줄\n둘째 줄', 'ABC abc 123 !@#', ''])
      expect(isSafeText(text), JSON.stringify(text)).toBe(true);
  });

  it('refuses NUL, the other C0 controls, CR, DEL, C1, bidi overrides and isolates, and lone surrogates', () => {
    const refused = [
      '\u0000',
      '\u0001',
      '\u0008',
      '\u000B',
      '\u000C',
      '\r',
      '\u001B',
      '\u001F',
      '\u007F',
      '\u0085',
      '\u009F',
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\uD800',
      '\uDBFF',
      '\uDC00',
      '\uDFFF',
    ];
    for (const bad of refused) {
      expect(isSafeText(`앞${bad}뒤`), JSON.stringify(bad)).toBe(false);
      const result = z.string().check(safeText).safeParse(`앞${bad}뒤`);
      expect(result.error?.issues[0]?.message).toBe(ko.validation.textInvalidCharacter);
    }
    // Half of a pair at either end of an otherwise fine text.
    expect(isSafeText('😀'.slice(0, 1))).toBe(false);
    expect(isSafeText('a' + '😀'.slice(1))).toBe(false);
  });

  it('multi-line texts store CRLF and CR as LF and then pass', () => {
    const Text = multilineText(10, '필수', '길어요');
    expect(Text.parse(' a\r\nb\rc ')).toBe('a\nb\nc');
    expect(Text.safeParse('a\u0000').error?.issues[0]?.message).toBe(ko.validation.textInvalidCharacter);
  });
});

describe('every string a client sends is checked with safeText', () => {
  // Request schemas by their names: bodies (…Request, …Form), query strings (…Query) and path parameters (…Params).
  const requestSchemas = Object.entries(contract).filter(
    ([name, value]) => /(Request|Query|Params|Form)$/.test(name) && isSchema(value),
  ) as [string, z.core.$ZodType][];

  it('knows the request schemas', () => {
    const names = requestSchemas.map(([name]) => name);
    for (const name of [
      'SignInForm',
      'ResetPasswordRequest',
      'UserCreateRequest',
      'UserListQuery',
      'ProfileUpdateRequest',
      'ClothesCreateRequest',
      'ClothesListQuery',
      'AttributeDefRequest',
      'AttributeDefListQuery',
      'ExtractionQuery',
      'FeedCreateRequest',
      'FeedListQuery',
      'CommentCreateRequest',
      'FollowerListQuery',
      'DirectMessageSendRequest',
      'CoordinatesQuery',
    ])
      expect(names).toContain(name);
  });

  it('has the check on every free-text string field (ids and enums have their own formats)', () => {
    const unchecked: string[] = [];
    for (const [name, schema] of requestSchemas) {
      walkSchema(schema, (inner, path) => {
        const def = inner._zod.def as unknown as { type: string; format?: string; checks?: unknown[] };
        if (def.type !== 'string' || def.format !== undefined) return;
        if (!(def.checks ?? []).includes(safeText)) unchecked.push(`${name}.${path}`);
      });
    }
    expect(unchecked).toEqual([]);
  });

  it('turns a NUL in each text field into the Korean 400 message', () => {
    const cases: [z.ZodType, Record<string, unknown>, string][] = [
      [contract.SignInForm, { username: 'a\u0000@b.c', password: 'x' }, 'username'],
      [contract.ResetPasswordRequest, { email: 'a\u0000@b.c' }, 'email'],
      [contract.UserListQuery, { emailLike: '%\u0000' }, 'emailLike'],
      [
        contract.ClothesListQuery,
        { ownerId: '00000000-0000-4000-8000-000000000000', keywordLike: '\u0000' },
        'keywordLike',
      ],
      [contract.AttributeDefListQuery, { keywordLike: '\u0000' }, 'keywordLike'],
      [contract.AttributeDefRequest, { name: '두께\u0000', selectableValues: ['a'] }, 'name'],
      [contract.FeedUpdateRequest, { content: '\u202E피드' }, 'content'],
      [contract.CommentCreateRequest, { content: '댓글\uD800' }, 'content'],
    ];
    for (const [schema, value, field] of cases) {
      const result = schema.safeParse(value);
      const issue = result.error?.issues.find((i) => i.path[0] === field);
      expect(issue?.message, field).toBe(ko.validation.textInvalidCharacter);
    }
  });
});
