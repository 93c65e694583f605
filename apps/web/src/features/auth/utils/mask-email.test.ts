// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { maskEmail } from '@/features/auth/utils/mask-email';

describe('maskEmail', () => {
  it('keeps the first 2 and the last character of the name and the whole domain', () => {
    expect(maskEmail('honggildong@example.com')).toBe('ho********g@example.com');
    expect(maskEmail('abcd@x.kr')).toBe('ab*d@x.kr');
  });

  it('never shows a short name in full', () => {
    expect(maskEmail('abc@x.kr')).toBe('a**@x.kr');
    expect(maskEmail('a@x.kr')).toBe('a*@x.kr');
  });
});
