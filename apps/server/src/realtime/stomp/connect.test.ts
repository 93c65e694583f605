import { describe, expect, it } from 'vitest';
import { parseHeartBeat } from './connect.js';

describe('STOMP CONNECT', () => {
  it('parses heart-beat headers', () => {
    expect(parseHeartBeat('4000,4000')).toEqual([4000, 4000]);
    expect(parseHeartBeat(' 0 , 10000 ')).toEqual([0, 10000]);
    expect(parseHeartBeat('x')).toEqual([0, 0]);
    expect(parseHeartBeat(undefined)).toEqual([0, 0]);
  });
});
