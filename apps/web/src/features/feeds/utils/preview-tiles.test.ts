// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { previewTiles, tileImage } from '@/features/feeds/utils/preview-tiles';
import { ootd } from '@/features/feeds/testing/feed-fixtures';

const garments = (n: number) => Array.from({ length: n }, (_, i) => ootd(i + 1));

describe('previewTiles (a card shows up to 3 images and +N)', () => {
  it('shows every item and no +N up to three', () => {
    for (const n of [0, 1, 2, 3]) {
      const tiles = previewTiles(garments(n));
      expect(tiles.items).toHaveLength(n);
      expect(tiles.hidden).toBe(0);
    }
  });

  it('shows the first three and counts the rest', () => {
    const tiles = previewTiles(garments(5));
    expect(tiles.items.map((item) => item.name)).toEqual(['옷1', '옷2', '옷3']);
    expect(tiles.hidden).toBe(2);
    expect(previewTiles(garments(4)).hidden).toBe(1);
  });
});

describe('tileImage', () => {
  it('prefers the thumbnail and falls back to the image, else null', () => {
    expect(tileImage(ootd(1))).toBe('/files/clothes-1-thumb.webp');
    expect(tileImage(ootd(1, { thumbnailUrl: null }))).toBe('/files/clothes-1.webp');
    expect(tileImage(ootd(1, { thumbnailUrl: null, imageUrl: null }))).toBeNull();
  });
});
