import type { OotdDto } from '@otboo/contract';

/** A feed card shows at most this many outfit images (docs/product.md §9). */
export const CARD_IMAGE_LIMIT = 3;

export interface PreviewTiles {
  items: OotdDto[];
  /** How many items are not shown; the last tile carries '+N' when positive. */
  hidden: number;
}

/** The items a feed card shows, and how many more there are (docs/product.md §2 "Feeds": up to 3 and '+N'). */
export function previewTiles(ootds: readonly OotdDto[], limit = CARD_IMAGE_LIMIT): PreviewTiles {
  return { items: ootds.slice(0, limit), hidden: Math.max(0, ootds.length - limit) };
}

/** The image for a small tile: the square thumbnail when the server made one. */
export function tileImage(item: Pick<OotdDto, 'thumbnailUrl' | 'imageUrl'>): string | null {
  return item.thumbnailUrl ?? item.imageUrl;
}
