// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nextSort } from '@/utils/next-sort';

describe('nextSort (docs/product.md §4 admin tables)', () => {
  it('flips the direction of the active column', () => {
    expect(nextSort({ sortBy: 'email', sortDirection: 'DESCENDING' }, 'email')).toEqual({
      sortBy: 'email',
      sortDirection: 'ASCENDING',
    });
    expect(nextSort({ sortBy: 'email', sortDirection: 'ASCENDING' }, 'email')).toEqual({
      sortBy: 'email',
      sortDirection: 'DESCENDING',
    });
  });

  it('sorts another column descending', () => {
    expect(nextSort({ sortBy: 'createdAt', sortDirection: 'ASCENDING' }, 'email')).toEqual({
      sortBy: 'email',
      sortDirection: 'DESCENDING',
    });
    expect(nextSort({}, 'createdAt')).toEqual({ sortBy: 'createdAt', sortDirection: 'DESCENDING' });
  });
});
