// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { badgeText } from '@/utils/badge-text';

describe('badgeText', () => {
  it('shows the count up to 99 and caps it at 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12_345)).toBe('99+');
  });
});
