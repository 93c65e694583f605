// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parsePayload } from '@/utils/parse-payload';

describe('parsePayload', () => {
  it('parses JSON and falls back to the raw text', () => {
    expect(parsePayload('{"id":"n1","title":"새 메시지"}')).toEqual({ id: 'n1', title: '새 메시지' });
    expect(parsePayload('42')).toBe(42);
    expect(parsePayload('not json')).toBe('not json');
    expect(parsePayload('')).toBe('');
  });
});
