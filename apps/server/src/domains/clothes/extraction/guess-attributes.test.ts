import { describe, expect, it } from 'vitest';
import { ko, type AttributeDefDto } from '@otboo/contract';
import { guessAttributes } from './guess-attributes.js';

const defs: AttributeDefDto[] = ko.attributes.defaultDefinitions.map((d, i) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  name: d.name,
  selectableValues: [...d.selectableValues],
  createdAt: '2026-01-01T00:00:00.000Z',
}));

/** `{definition name: value}` of the guesses. */
const guess = (...texts: (string | undefined)[]) =>
  Object.fromEntries(guessAttributes(defs, texts).map((a) => [a.definitionName, a.value]));

describe('guessAttributes', () => {
  it('maps colour, season, material, thickness, style and water words onto existing options', () => {
    expect(guess('Charcoal', '울 70%, 캐시미어 30%', '겨울용 니트')).toEqual({
      색상: '차콜',
      소재: '울',
      계절: '겨울',
    });
    expect(guess('스트라이프 옥스포드 셔츠 (Sky Blue)', '봄 여름 데일리 코튼 셔츠')).toEqual({
      색상: '스카이블루',
      계절: '봄',
      소재: '면',
    });
    expect(guess('남성 방수 트레킹화 블랙', '등산')).toEqual({
      색상: '블랙',
      방수: '예',
      스타일: '아웃도어',
    });
    expect(guess('두꺼움', '가을', '겨울', '[SET] 후드 집업 셋업 멜란지 그레이')).toEqual({
      두께: '두꺼움',
      계절: '가을',
      색상: '그레이',
    });
    expect(guess('24FW 기모 조거 팬츠 BLACK')).toEqual({ 계절: '가을', 두께: '두꺼움', 색상: '블랙' });
    expect(guess('구스다운 롱패딩')).toEqual({ 소재: '패딩(다운)' });
  });

  it('takes each definition from the most trusted text that names one of its options', () => {
    expect(guess('네이비', '블랙 로고 티셔츠')).toEqual({ 색상: '네이비' });
    expect(guess(undefined, '', '화이트 셔츠')).toEqual({ 색상: '화이트' });
  });

  it('does not read options inside unrelated words', () => {
    expect(guess('예쁜 울트라 라이트 봄버 재킷')).toEqual({});
    expect(guess('서울 한정판')).toEqual({});
    expect(guess('양면 리버시블 버튼다운 셔츠')).toEqual({});
    expect(guess('Reduced price, golden ratio')).toEqual({});
  });

  it('prefers the longer option where two start at the same place', () => {
    expect(guess('스카이블루 셔츠')).toEqual({ 색상: '스카이블루' });
    expect(guess('sky blue shirt')).toEqual({ 색상: '스카이블루' });
  });

  it("matches an administrator's own options by their text", () => {
    const own: AttributeDefDto[] = [
      {
        id: 'x',
        name: '핏',
        selectableValues: ['오버핏', '슬림핏', 'Regular'],
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ];
    expect(guessAttributes(own, ['REGULAR fit tee'])).toEqual([
      {
        definitionId: 'x',
        definitionName: '핏',
        selectableValues: ['오버핏', '슬림핏', 'Regular'],
        value: 'Regular',
      },
    ]);
    expect(guessAttributes(own, ['세미 오버핏 니트'])[0]!.value).toBe('오버핏');
  });
});
