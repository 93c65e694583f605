import { describe, expect, it } from 'vitest';
import { batchRequest } from '@/features/clothes/components/batch/batch-edit-dialog';

const IDS = ['c1', 'c2'];

describe('batchRequest', () => {
  it('is null while every field says 바꾸지 않음', () => {
    expect(batchRequest(IDS, '__keep__', '__keep__', '__clear__')).toBeNull();
  });

  it('sends the type alone, the attribute alone, or both', () => {
    expect(batchRequest(IDS, 'OUTER', '__keep__', '__clear__')).toEqual({ clothesIds: IDS, type: 'OUTER' });
    expect(batchRequest(IDS, '__keep__', 'd-season', '겨울')).toEqual({
      clothesIds: IDS,
      attribute: { definitionId: 'd-season', value: '겨울' },
    });
    expect(batchRequest(IDS, 'TOP', 'd-season', '여름')).toEqual({
      clothesIds: IDS,
      type: 'TOP',
      attribute: { definitionId: 'd-season', value: '여름' },
    });
  });

  it("removes the attribute with '값 지우기' (a null value, docs/api.md §9.6)", () => {
    expect(batchRequest(IDS, '__keep__', 'd-season', '__clear__')).toEqual({
      clothesIds: IDS,
      attribute: { definitionId: 'd-season', value: null },
    });
  });
});
