// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nextIndex, previousIndex } from '@/features/feeds/utils/carousel-index';

describe('carousel wrap-around', () => {
  it('steps forward and wraps from the last slide to the first', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(1, 3)).toBe(2);
    expect(nextIndex(2, 3)).toBe(0);
  });

  it('steps back and wraps from the first slide to the last', () => {
    expect(previousIndex(2, 3)).toBe(1);
    expect(previousIndex(0, 3)).toBe(2);
  });

  it('stays on the only slide, and on 0 when there is none', () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(previousIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
    expect(previousIndex(0, 0)).toBe(0);
  });
});
