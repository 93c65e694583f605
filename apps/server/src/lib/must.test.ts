import { describe, expect, it } from 'vitest';
import { must } from './must.js';

describe('must', () => {
  it('passes a value through, falsy ones included', () => {
    expect(must(0, 'a number')).toBe(0);
    expect(must('', 'a string')).toBe('');
    expect(must(false, 'a flag')).toBe(false);
  });

  it('throws an Error naming the broken guarantee for null and undefined', () => {
    expect(() => must(undefined, 'the row just inserted')).toThrow('Broken invariant: the row just inserted');
    expect(() => must(null, 'the station has 12 months')).toThrow(Error);
  });
});
