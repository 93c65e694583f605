import { describe, expect, it } from 'vitest';
import { PASSWORD_PATTERN } from '@otboo/contract';
import { randomPassword } from './random-passwords.js';

describe('randomPassword', () => {
  it('passes the password rule, has the asked length, avoids look-alike characters and does not repeat', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const password = randomPassword(10);
      expect(password).toMatch(PASSWORD_PATTERN);
      expect(password).toHaveLength(10);
      expect(password).not.toMatch(/[01lIO]/);
      seen.add(password);
    }
    expect(seen.size).toBe(2000);
    expect(randomPassword(20)).toHaveLength(20);
  });
});
