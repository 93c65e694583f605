import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.js';
import { ko } from './texts.ko.js';

const HANGUL = /[가-힣]/;
/** zod's English and type names, which must never reach a message. */
const ENGLISH =
  /\b(expected|received|invalid|input|option|too (big|small)|string|number|int|boolean|array|object|undefined|nan|null)\b/i;

/** `{path: message}` of a failed parse. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`parsed: ${JSON.stringify(value)}`);
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

function expectKorean(all: Record<string, string>) {
  for (const [path, message] of Object.entries(all)) {
    expect(message, path).toMatch(HANGUL);
    expect(message, path).not.toMatch(ENGLISH);
  }
}

describe('validation messages are Korean (z.config with the contract)', () => {
  it('words the review’s examples in Korean and names the field', () => {
    expect(messages(contract.FeedListQuery, { limit: '100000' })).toEqual({
      limit: '조회 개수는 100 이하여야 합니다.',
    });
    expect(messages(contract.FeedListQuery, { limit: 'abc' })).toEqual({
      limit: '조회 개수는 숫자여야 합니다.',
    });
    expect(messages(contract.FeedListQuery, { limit: '0' })).toEqual({
      limit: '조회 개수는 1 이상이어야 합니다.',
    });
    expect(messages(contract.FeedListQuery, { limit: '1.5' })).toEqual({
      limit: '조회 개수는 정수여야 합니다.',
    });
    expect(messages(contract.FeedListQuery, { sortBy: 'foo' })).toEqual({
      sortBy: '정렬 기준은 createdAt, likeCount 중 하나여야 합니다.',
    });
    const id = '00000000-0000-4000-8000-000000000000';
    expect(messages(contract.FeedCreateRequest, { authorId: id, weatherId: id, content: '오늘' })).toEqual({
      clothesIds: '옷 목록을 입력해주세요.',
    });
    expect(messages(contract.FeedCreateRequest, '{"content":"x"}')).toEqual({
      '': ko.validation.bodyNotObject,
    });
    expect(messages(contract.FeedCreateRequest, undefined)).toEqual({ '': ko.validation.bodyRequired });
  });

  it('says a repeated query parameter may come once', () => {
    const all = messages(contract.FeedListQuery, {
      keywordLike: ['a', 'b'],
      sortBy: ['a', 'b'],
      idAfter: ['a'],
    });
    expect(all).toMatchObject({
      keywordLike: '검색어는 한 번만 보낼 수 있습니다.',
      sortBy: '정렬 기준은 한 번만 보낼 수 있습니다.',
    });
    expectKorean(all);
    expectKorean(messages(contract.FeedListQuery, { limit: ['1', '2'] }));
  });

  it('keeps the spec texts the schemas carry', () => {
    expect(messages(contract.UserCreateRequest, {})).toEqual({
      email: ko.validation.emailRequired,
      name: ko.validation.nameRequired,
      password: ko.validation.passwordRequired,
    });
    expect(messages(contract.AttributeDefRequest, { name: ' ', selectableValues: [] })).toMatchObject({
      name: ko.attributes.nameRequired,
    });
    expect(messages(contract.ProfileUpdateRequest, { temperatureSensitivity: 9 })).toEqual({
      temperatureSensitivity: ko.validation.temperatureSensitivityRange,
    });
  });

  it('leaves no English for wrong types, sizes and shapes anywhere', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const samples: [z.ZodType, unknown][] = [
      [contract.UserLockUpdateRequest, { locked: 'yes' }],
      [contract.UserRoleUpdateRequest, { role: 'ROOT' }],
      [contract.UserListQuery, { roleEqual: 'x', locked: 'x', sortBy: 'x', cursor: 'x'.repeat(500) }],
      [
        contract.ClothesCreateRequest,
        { ownerId: 1, name: [], type: 3, attributes: [{ definitionId: id, value: 4 }] },
      ],
      [
        contract.ClothesCreateRequest,
        { ownerId: id, name: 'a', type: 'TOP', attributes: new Array(31).fill({ definitionId: id }) },
      ],
      [contract.FeedCreateRequest, { authorId: id, weatherId: id, clothesIds: 'x', content: 1 }],
      [
        contract.FeedCreateRequest,
        { authorId: id, weatherId: id, clothesIds: new Array(21).fill(id), content: 'a' },
      ],
      [
        contract.ProfileUpdateRequest,
        { gender: 'X', location: { latitude: 1, longitude: 2, x: 1.5, locationNames: 'a' } },
      ],
      [
        contract.ProfileUpdateRequest,
        { location: { latitude: 1, longitude: 2, locationNames: ['a', 'b', 'c', 'd', 'e', 'f'] } },
      ],
      [contract.DirectMessageSendRequest, []],
      [contract.CoordinatesQuery, {}],
      [
        z.object({
          a: z.number().lt(5),
          b: z.number().gt(1),
          c: z.number().multipleOf(2),
          d: z.tuple([z.string()]),
        }),
        { a: 9, b: 0, c: 3, d: [] },
      ],
      [z.strictObject({}), { extra: 1 }],
      [z.union([z.string(), z.number()]), true],
      [z.string().min(3), 'ab'],
      [z.array(z.string()).min(2), []],
    ];
    for (const [schema, value] of samples) expectKorean(messages(schema, value));
  });

  it('puts the right particle after a field name', () => {
    expect(ko.validation.fieldRequired('이메일')).toBe('이메일을 입력해주세요.');
    expect(ko.validation.fieldRequired('조회 개수')).toBe('조회 개수를 입력해주세요.');
    expect(ko.validation.fieldNotNumber('위도')).toBe('위도는 숫자여야 합니다.');
    expect(ko.validation.fieldNotNumber('사용자 ID')).toBe('사용자 ID는 숫자여야 합니다.');
    expect(ko.validation.fieldNotNumber('x')).toBe('x은(는) 숫자여야 합니다.');
  });
});
