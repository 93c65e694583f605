import { Shirt } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ko, type ClothesDto } from '@otboo/contract';
import { Badge } from '@/components/ui/badge';

/** What a tile shows of a garment; a closet item and an outfit item (OotdDto) both fit. */
export type TileClothes = Pick<ClothesDto, 'name' | 'type' | 'imageUrl' | 'thumbnailUrl' | 'attributes'>;

interface ClothesTileProps {
  clothes: TileClothes;
  /** Laid over the photo (the owner's menu in the closet); it stays above `onOpen`'s button (`z-2`). */
  overlay?: ReactNode;
  /** Under the attributes, at the card's foot (a recommended piece's reason and '이 옷 빼기'). */
  footer?: ReactNode;
  /** Makes the whole card one button that opens the garment (the closet's garment page). */
  onOpen?: { label: string; open(): void };
  /** The photo loads at once, not when scrolled near: a card on the first screen (the outfit's first row). */
  eager?: boolean;
}

/** A garment card: photo (or a '사진 없음' placeholder), type, name and attribute chips. */
export function ClothesTile({ clothes, overlay, footer, onOpen, eager = false }: ClothesTileProps) {
  return (
    <article
      aria-label={clothes.name}
      className="relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white transition-shadow hover:shadow-md"
    >
      {onOpen ? (
        // Stretched over the card (z-1): a tap anywhere on it opens the garment; the overlay sits above (z-2).
        <button
          type="button"
          aria-label={onOpen.label}
          onClick={onOpen.open}
          className="absolute inset-0 z-1 cursor-pointer rounded-[var(--radius-card)] focus-visible:ring-4 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset"
        />
      ) : null}
      <div className="relative aspect-square bg-surface-soft">
        <ClothesPhoto src={clothes.thumbnailUrl ?? clothes.imageUrl} alt={clothes.name} eager={eager} />
        {overlay}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex">
          <Badge tone="brand">{ko.clothes.types[clothes.type]}</Badge>
        </div>
        <h3 className="truncate text-[15px] font-bold text-ink" title={clothes.name}>
          {clothes.name}
        </h3>
        {clothes.attributes.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={ko.clothes.attributes}>
            {clothes.attributes.map((attribute) => (
              <li
                key={attribute.definitionId}
                title={`${attribute.definitionName}: ${attribute.value}`}
                className="rounded-full bg-surface px-2.5 py-1 text-xs text-ink-soft"
              >
                <span className="sr-only">{attribute.definitionName} </span>
                {attribute.value}
              </li>
            ))}
          </ul>
        ) : null}
        {footer}
      </div>
    </article>
  );
}

/**
 * The photo, or the placeholder when there is none or it fails to load: a hanger and '사진 없음', named
 * '<garment> 사진 없음' as one image. `eager` for a photo shown at once (the garment page, the outfit's first row).
 */
export function ClothesPhoto({
  src,
  alt,
  eager = false,
}: {
  src: string | null;
  alt: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div
        className="flex size-full flex-col items-center justify-center gap-2 text-ink-muted"
        role="img"
        aria-label={`${alt} ${ko.common.noImage}`}
      >
        <Shirt className="size-10" strokeWidth={1.5} aria-hidden />
        <span className="text-[13px] font-bold">{ko.common.noImage}</span>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      onError={() => setFailed(src)}
      className="size-full object-cover"
    />
  );
}

/** A tile-shaped placeholder while garments load. */
export function ClothesTileSkeleton() {
  return (
    <div
      aria-hidden
      className="flex animate-pulse flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white"
    >
      <div className="aspect-square bg-surface" />
      <div className="flex flex-col gap-2.5 p-4">
        <div className="h-5 w-12 rounded-full bg-surface" />
        <div className="h-4 w-3/4 rounded bg-surface" />
        <div className="flex gap-1.5">
          <div className="h-5 w-10 rounded-full bg-surface" />
          <div className="h-5 w-12 rounded-full bg-surface" />
        </div>
      </div>
    </div>
  );
}
