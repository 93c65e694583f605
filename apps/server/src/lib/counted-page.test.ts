import { describe, expect, it, vi } from 'vitest';
import { countedPage } from './counted-page.js';

const rows = (total: number | null, n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `r${i}`, total }));

describe('countedPage', () => {
  it('takes the count the rows carry, without asking again', async () => {
    const count = vi.fn(async () => 99);
    expect(await countedPage(Promise.resolve(rows(7, 3)), { cursor: 'c', count })).toEqual({
      rows: rows(7, 3),
      total: 7,
    });
    expect(count).not.toHaveBeenCalled();
  });

  it('answers an empty first page with 0 when the list has no owner that could be missing', async () => {
    const count = vi.fn(async () => 99);
    expect(await countedPage(Promise.resolve([]), { cursor: undefined, count })).toEqual({
      rows: [],
      total: 0,
    });
    expect(count).not.toHaveBeenCalled();
  });

  it('counts on its own past the last page', async () => {
    const count = vi.fn(async () => 12);
    expect(await countedPage(Promise.resolve([]), { cursor: 'c', count })).toEqual({ rows: [], total: 12 });
    expect(count).toHaveBeenCalledOnce();
  });

  it('asks even an empty first page when the owner may be gone, and passes on that it is', async () => {
    const gone = await countedPage(Promise.resolve([]), {
      cursor: undefined,
      ownerMayBeMissing: true,
      count: async () => undefined,
    });
    expect(gone).toEqual({ rows: [], total: undefined });
    const there = await countedPage(Promise.resolve([]), {
      cursor: undefined,
      ownerMayBeMissing: true,
      count: async () => 0,
    });
    expect(there.total).toBe(0);
  });
});
