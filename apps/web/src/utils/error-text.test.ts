// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ko } from '@otboo/contract';
import { ApiError } from '@/lib/api-client';
import { errorText, writeErrorText } from '@/utils/error-text';

describe('errorText', () => {
  it("shows the error's message, else the generic text", () => {
    expect(errorText(new Error('서버 메시지'))).toBe('서버 메시지');
    expect(errorText(new Error(''))).toBe(ko.common.unknownError);
    expect(errorText('boom')).toBe(ko.common.unknownError);
  });
});

describe('writeErrorText', () => {
  it('says offline for a write that found no network, else the screen’s own text', () => {
    const offline = new ApiError(ko.offline.writeFailed, null, null, { network: 'offline' });
    expect(writeErrorText(offline, ko.feeds.commentFailed)).toBe(ko.offline.writeFailed);
    const timeout = new ApiError(ko.common.apiFailed, null, null, { network: 'timeout' });
    expect(writeErrorText(timeout, ko.feeds.commentFailed)).toBe(ko.feeds.commentFailed);
    expect(writeErrorText(new ApiError('서버 메시지', 400, null), ko.feeds.commentFailed)).toBe(
      ko.feeds.commentFailed,
    );
  });
});
