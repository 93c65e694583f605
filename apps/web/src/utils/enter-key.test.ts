// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isComposing, isSendEnter } from '@/utils/enter-key';

const key = (
  key: string,
  shiftKey = false,
  nativeEvent: { isComposing?: boolean; keyCode?: number } = {},
) => ({
  key,
  shiftKey,
  nativeEvent,
});

describe('isComposing', () => {
  it('is true while the IME composes (isComposing) or for the IME keyCode 229', () => {
    expect(isComposing({ nativeEvent: { isComposing: true, keyCode: 13 } })).toBe(true);
    expect(isComposing({ nativeEvent: { isComposing: false, keyCode: 229 } })).toBe(true);
    expect(isComposing({ nativeEvent: { isComposing: false, keyCode: 13 } })).toBe(false);
    expect(isComposing({ nativeEvent: {} })).toBe(false);
  });
});

describe('isSendEnter', () => {
  it('is Enter alone', () => {
    expect(isSendEnter(key('Enter', false, { keyCode: 13 }))).toBe(true);
    expect(isSendEnter(key('a'))).toBe(false);
  });

  it('is not Shift+Enter, nor the Enter that ends a Hangul syllable', () => {
    expect(isSendEnter(key('Enter', true))).toBe(false);
    expect(isSendEnter(key('Enter', false, { isComposing: true }))).toBe(false);
    expect(isSendEnter(key('Enter', false, { keyCode: 229 }))).toBe(false);
  });
});
