import { describe, expect, it } from 'vitest';
import { ko } from '@otboo/contract';
import { errorText } from '@/utils/error-text';

describe('errorText', () => {
  it("shows the error's message, else the generic text", () => {
    expect(errorText(new Error('서버 메시지'))).toBe('서버 메시지');
    expect(errorText(new Error(''))).toBe(ko.common.unknownError);
    expect(errorText('boom')).toBe(ko.common.unknownError);
  });
});
