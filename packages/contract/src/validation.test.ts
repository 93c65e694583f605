import { describe, expect, it } from 'vitest';
import { LIMITS } from './common.js';
import { ko } from './texts.ko.js';
import { EMAIL_PATTERN, Email, Password, UserName } from './validation.js';

/** The spec's e-mail rule as first written: right, but quadratic on `a@a.a.a…@`. */
const QUADRATIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every string of `alphabet` up to `max` characters. */
function* strings(alphabet: string[], max: number): Generator<string> {
  let level = [''];
  yield '';
  for (let n = 1; n <= max; n++) {
    level = level.flatMap((s) => alphabet.map((c) => s + c));
    yield* level;
  }
}

describe('EMAIL_PATTERN', () => {
  it('accepts exactly what the first pattern accepted', () => {
    for (const s of strings(['a', '.', '@', ' '], 7))
      expect(EMAIL_PATTERN.test(s), JSON.stringify(s)).toBe(QUADRATIC_EMAIL.test(s));
    for (const s of ['me@otboo.kr', 'first.last@mail.co.kr', 'a@.b.c', 'a@b..c', 'a@b.c.'])
      expect(EMAIL_PATTERN.test(s), s).toBe(true);
    for (const s of ['a@b', 'a@b.', '@b.c', 'a@.b', 'a b@c.d', 'a@b@c.d', 'a@b.c\n'])
      expect(EMAIL_PATTERN.test(s), s).toBe(false);
  });

  it('answers a hostile 1 MB input in linear time', () => {
    const hostile = 'a@' + 'a.'.repeat(500_000) + '@';
    const started = performance.now();
    expect(EMAIL_PATTERN.test(hostile)).toBe(false);
    // The quadratic pattern needs minutes for this; a linear scan, a few milliseconds.
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('checks stop at the length limit (abort), so patterns see bounded input only', () => {
  it('Email: a long value gets one issue, the length one', () => {
    const result = Email.safeParse('a@' + 'a.'.repeat(32_000) + '@');
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]).toMatchObject({ code: 'too_big', message: ko.validation.emailInvalid });
  });

  it('Email: the spec messages stay', () => {
    expect(Email.safeParse('').error?.issues[0]?.message).toBe(ko.validation.emailRequired);
    expect(Email.safeParse('a@b').error?.issues[0]?.message).toBe(ko.validation.emailInvalid);
    expect(Email.parse(' Me@Otboo.KR ')).toBe('me@otboo.kr');
    expect(Email.safeParse('a'.repeat(LIMITS.emailMaxLength) + '@b.c').error?.issues[0]?.message).toBe(
      ko.validation.emailInvalid,
    );
  });

  it('Password and UserName: one issue past the limit', () => {
    const password = Password.safeParse('a1'.repeat(LIMITS.passwordMaxLength));
    expect(password.error?.issues.map((i) => i.message)).toEqual([ko.validation.passwordTooLong]);
    const name = UserName.safeParse('가'.repeat(10_000));
    expect(name.error?.issues.map((i) => i.message)).toEqual([ko.validation.namePattern]);
  });
});
