import { describe, expect, it } from 'vitest';
import { Id } from '@otboo/contract';
import { uuidV7 } from './uuid-v7.js';

describe('uuidV7', () => {
  it('makes valid version-7 ids that the contract accepts', () => {
    const { id, at } = uuidV7();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Id.parse(id)).toBe(id);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at.getTime());
  });

  it('is strictly increasing within a burst, instants never going back', () => {
    const ids = Array.from({ length: 20_000 }, () => uuidV7());
    for (let i = 1; i < ids.length; i++) {
      expect(ids[i]!.id > ids[i - 1]!.id).toBe(true);
      expect(ids[i]!.at.getTime()).toBeGreaterThanOrEqual(ids[i - 1]!.at.getTime());
    }
  });
});
