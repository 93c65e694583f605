import { afterEach, describe, expect, it, vi } from 'vitest';
import { askCoordinates } from '@/utils/get-coordinates';

/** Answers the prompts in order; `null` is the cancel button. */
function stubPrompts(...answers: (string | null)[]) {
  const prompt = vi.fn<(message?: string) => string | null>();
  for (const answer of answers) prompt.mockReturnValueOnce(answer);
  vi.stubGlobal('prompt', prompt);
  return prompt;
}

describe('askCoordinates (the 좌표로 입력 fallback)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the longitude, then the latitude', () => {
    const prompt = stubPrompts('126.988', ' 37.567 ');
    expect(askCoordinates()).toEqual({ longitude: 126.988, latitude: 37.567 });
    expect(prompt).toHaveBeenCalledTimes(2);
    expect(prompt.mock.calls[0]![0]).toContain('경도');
    expect(prompt.mock.calls[0]![0]).toContain('126.988');
    expect(prompt.mock.calls[1]![0]).toContain('위도');
    expect(prompt.mock.calls[1]![0]).toContain('37.567');
  });

  it('aborts when the longitude prompt is cancelled, without asking for the latitude', () => {
    const prompt = stubPrompts(null);
    expect(askCoordinates()).toBeNull();
    expect(prompt).toHaveBeenCalledOnce();
  });

  it('aborts on a zero longitude or latitude', () => {
    stubPrompts('0');
    expect(askCoordinates()).toBeNull();
    stubPrompts('126.988', '0');
    expect(askCoordinates()).toBeNull();
  });

  it('aborts when the latitude prompt is cancelled', () => {
    const prompt = stubPrompts('126.988', null);
    expect(askCoordinates()).toBeNull();
    expect(prompt).toHaveBeenCalledTimes(2);
  });
});
