import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { weatherCoordinates } from '@/features/weather/utils/weather-coordinates';
import { askCoordinates } from '@/utils/get-coordinates';

const SEOUL = { longitude: 126.978, latitude: 37.5665 };
const BUSAN = { longitude: 129.075, latitude: 35.18, x: 98, y: 76, locationNames: ['부산광역시'] };

/** A browser whose geolocation answers with a position, refuses, or does not exist. */
function stubGeolocation(answer: 'grant' | 'deny' | 'missing') {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if (answer === 'grant') ok({ coords: { ...SEOUL } } as GeolocationPosition);
    else fail?.({ code: 1, message: 'denied' } as GeolocationPositionError);
  });
  if (answer === 'missing') {
    // jsdom has no geolocation; make sure of it.
    Reflect.deleteProperty(navigator, 'geolocation');
  } else {
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  }
  return getCurrentPosition;
}

/** Answers the prompts in order; `null` is the cancel button. */
function stubPrompts(...answers: (string | null)[]) {
  const prompt = vi.fn<(message?: string) => string | null>();
  for (const answer of answers) prompt.mockReturnValueOnce(answer);
  vi.stubGlobal('prompt', prompt);
  return prompt;
}

describe('weatherCoordinates', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
    vi.unstubAllGlobals();
  });

  it('takes the profile location first, without asking the browser or the user', async () => {
    const geolocation = stubGeolocation('grant');
    const prompt = stubPrompts('1', '1');
    await expect(weatherCoordinates(BUSAN)).resolves.toEqual({ longitude: 129.075, latitude: 35.18 });
    expect(geolocation).not.toHaveBeenCalled();
    expect(prompt).not.toHaveBeenCalled();
  });

  it("uses the browser's geolocation when the profile has no location", async () => {
    const geolocation = stubGeolocation('grant');
    const prompt = stubPrompts();
    await expect(weatherCoordinates(null)).resolves.toEqual(SEOUL);
    expect(geolocation).toHaveBeenCalledOnce();
    expect(prompt).not.toHaveBeenCalled();
  });

  it('asks nobody when geolocation is refused or missing: the page offers the place search', async () => {
    stubGeolocation('deny');
    const prompt = stubPrompts('126.988', '37.567');
    await expect(weatherCoordinates(null)).resolves.toBeNull();
    stubGeolocation('missing');
    await expect(weatherCoordinates(null)).resolves.toBeNull();
    expect(prompt).not.toHaveBeenCalled();
  });
});

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
