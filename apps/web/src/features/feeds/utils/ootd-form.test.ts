// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkOotd } from '@/features/feeds/utils/ootd-form';

const AUTHOR = '0190a0c4-5f1e-7c3a-9b2d-1a2b3c4d5e6f';
const WEATHER = '0190a0c4-5f1e-7c3a-9b2d-1a2b3c4d5e70';
const TOP = '0190a0c4-5f1e-7c3a-9b2d-1a2b3c4d5e71';
const SHOES = '0190a0c4-5f1e-7c3a-9b2d-1a2b3c4d5e72';
const outfit = [{ clothesId: TOP }, { clothesId: SHOES }];
const complete = { authorId: AUTHOR, weatherId: WEATHER, clothes: outfit, content: '오늘의 코디' };

describe('checkOotd', () => {
  it('builds the POST /api/feeds body with the trimmed content', () => {
    expect(checkOotd({ ...complete, content: '  한강 산책 코디 \n' })).toEqual({
      ok: true,
      request: { authorId: AUTHOR, weatherId: WEATHER, clothesIds: [TOP, SHOES], content: '한강 산책 코디' },
    });
  });

  it('keeps line breaks inside the content', () => {
    const result = checkOotd({ ...complete, content: '첫 줄\n둘째 줄' });
    expect(result.ok && result.request.content).toBe('첫 줄\n둘째 줄');
  });

  it('requires content after trimming', () => {
    expect(checkOotd({ ...complete, content: '' })).toEqual({
      ok: false,
      error: '1 OOTD에 대한 설명을 입력해주세요.',
      field: 'content',
    });
    expect(checkOotd({ ...complete, content: ' \n\t ' })).toEqual({
      ok: false,
      error: '1 OOTD에 대한 설명을 입력해주세요.',
      field: 'content',
    });
  });

  it('rejects content over 1000 characters', () => {
    expect(checkOotd({ ...complete, content: '가'.repeat(1000) }).ok).toBe(true);
    expect(checkOotd({ ...complete, content: '가'.repeat(1001) })).toEqual({
      ok: false,
      error: '내용은 1000자 이하로 입력해주세요.',
      field: 'content',
    });
  });

  it('needs the user, the selected weather and the recommended clothes', () => {
    // Not the text's fault: no field is marked wrong.
    const missing = { ok: false, error: '필요한 정보가 없습니다.', field: null };
    expect(checkOotd({ ...complete, authorId: null })).toEqual(missing);
    expect(checkOotd({ ...complete, authorId: undefined })).toEqual(missing);
    expect(checkOotd({ ...complete, weatherId: null })).toEqual(missing);
    expect(checkOotd({ ...complete, clothes: null })).toEqual(missing);
    expect(checkOotd({ ...complete, clothes: [] })).toEqual(missing);
    // A garment known only by its snapshot (no clothes id) cannot be posted.
    expect(checkOotd({ ...complete, clothes: [{ clothesId: null }] })).toEqual(missing);
  });

  it('reports missing information before empty content', () => {
    expect(checkOotd({ ...complete, weatherId: null, content: '' })).toEqual({
      ok: false,
      error: '필요한 정보가 없습니다.',
      field: null,
    });
  });
});
