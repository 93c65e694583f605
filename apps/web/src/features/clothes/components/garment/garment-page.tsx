import { Archive, Pencil, Shirt, Trash2, WashingMachine } from 'lucide-react';
import type { ReactNode } from 'react';
import { isSeasonDefinitionName, ko, type ClothesDto, type FeedDto } from '@otboo/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ClothesPhoto } from '@/components/ui/clothes-tile';
import { Dialog, DialogBody, DialogFooter } from '@/components/ui/dialog';
import { Sheet } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { AvailabilityPanel } from '@/features/clothes/components/life/availability-panel';
import { useClothesWear } from '@/features/clothes/hooks/use-clothes-wear';
import { formatDay, WASH_HINT_WEARS, wearsSinceWash } from '@/features/clothes/utils/clothes-life';
import { seasonsOfClothes } from '@/features/clothes/utils/clothes-form';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/utils/cn';
import { formatDate } from '@/utils/format-date';

interface GarmentPageProps {
  /** The garment shown; null keeps the page closed. */
  clothes: ClothesDto | null;
  onClose(): void;
  onEdit(clothes: ClothesDto): void;
  onDelete(clothes: ClothesDto): void;
  /** Opens the archive question ('보관함으로 옮기기', docs/api.md §10). */
  onArchive(clothes: ClothesDto): void;
  /** The piece changed here (its availability): the route shows the new one. */
  onChanged(clothes: ClothesDto): void;
  /** A tile of an OOTD the garment is in was tapped: the route opens the feed (features never import each other). */
  onOpenFeed(feed: FeedDto): void;
}

/**
 * The garment page (docs/product.md §2 "Closet"): a sheet rising from the bottom on a phone, a dialog from sm.
 * Photo, type, attributes with every season, brand, size, notes, how often and when last it was worn, the OOTDs
 * it is in (each opens its feed), and edit and delete.
 */
export function GarmentPage({
  clothes,
  onClose,
  onEdit,
  onDelete,
  onArchive,
  onChanged,
  onOpenFeed,
}: GarmentPageProps) {
  const wide = useMediaQuery('(min-width: 640px)');
  const open = clothes !== null;
  const onOpenChange = (next: boolean) => !next && onClose();
  const title = clothes?.name ?? '';
  const actions = clothes ? (
    <>
      <Button variant="outline" onClick={() => onDelete(clothes)} className="text-red-600">
        <Trash2 className="size-4" aria-hidden />
        {ko.common.delete}
      </Button>
      <Button variant="outline" onClick={() => onArchive(clothes)}>
        <Archive className="size-4" aria-hidden />
        {ko.clothes.life.archive}
      </Button>
      <Button onClick={() => onEdit(clothes)}>
        <Pencil className="size-4" aria-hidden />
        {ko.common.edit}
      </Button>
    </>
  ) : null;
  const details = clothes ? (
    <GarmentDetails clothes={clothes} onOpenFeed={onOpenFeed} onChanged={onChanged} />
  ) : null;

  if (wide) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange} title={title} width={760}>
        <DialogBody>{details}</DialogBody>
        <DialogFooter>{actions}</DialogFooter>
      </Dialog>
    );
  }
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={title}>
      <div className="flex flex-col gap-5 px-2">
        {details}
        <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-3">{actions}</div>
      </div>
    </Sheet>
  );
}

function GarmentDetails({
  clothes,
  onOpenFeed,
  onChanged,
}: {
  clothes: ClothesDto;
  onOpenFeed(feed: FeedDto): void;
  onChanged(clothes: ClothesDto): void;
}) {
  const d = ko.clothes.detail;
  const seasons = seasonsOfClothes(clothes);
  const attributes = clothes.attributes.filter((a) => !isSeasonDefinitionName(a.definitionName));
  const seasonName = clothes.attributes.find((a) => isSeasonDefinitionName(a.definitionName))?.definitionName;

  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
      {/* At most 18rem on a phone, so the details start within the sheet's first screen. */}
      <div className="relative mx-auto aspect-square w-full max-w-72 shrink-0 overflow-hidden rounded-2xl bg-surface-soft sm:mx-0 sm:w-64">
        <ClothesPhoto src={clothes.imageUrl ?? clothes.thumbnailUrl} alt={clothes.name} eager />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-6">
        <div className="flex flex-col gap-3">
          <div className="flex">
            <Badge tone="brand">{ko.clothes.types[clothes.type]}</Badge>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-[15px]">
            {seasons.length > 0 ? <Row term={seasonName ?? d.seasons}>{seasons.join(', ')}</Row> : null}
            {attributes.map((a) => (
              <Row key={a.definitionId} term={a.definitionName}>
                {a.value}
              </Row>
            ))}
            <Row term={d.brand}>{clothes.brand || <Muted>{d.none}</Muted>}</Row>
            <Row term={d.size}>{clothes.size || <Muted>{d.none}</Muted>}</Row>
            {clothes.purchase ? (
              <Row term={ko.clothes.life.price}>
                {ko.clothes.life.won(clothes.purchase.price)}
                {clothes.purchase.date ? (
                  <span className="text-ink-soft"> · {formatDay(clothes.purchase.date)}</span>
                ) : null}
              </Row>
            ) : null}
            <Row term={d.notes}>
              {clothes.notes ? (
                <span className="whitespace-pre-line">{clothes.notes}</span>
              ) : (
                <Muted>{d.none}</Muted>
              )}
            </Row>
          </dl>
        </div>
        {/* Keyed by the piece: its return date field starts from that piece's own. */}
        <AvailabilityPanel key={clothes.id} clothes={clothes} onChanged={onChanged} />
        <WearRecord clothes={clothes} onOpenFeed={onOpenFeed} />
      </div>
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-bold text-ink-soft">{term}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-ink-muted">{children}</span>;
}

/**
 * How often and when last the garment was worn, its OOTDs as small tiles, newest first, and a gentle wash hint when
 * it was worn WASH_HINT_WEARS times since it last came back from the laundry.
 */
function WearRecord({ clothes, onOpenFeed }: { clothes: ClothesDto; onOpenFeed(feed: FeedDto): void }) {
  const d = ko.clothes.detail;
  const clothesId = clothes.id;
  const wear = useClothesWear(clothesId);
  const sinceWash = wear.data ? wearsSinceWash(clothes, wear.data.feeds) : null;
  return (
    <section aria-labelledby={`${clothesId}-wear`} className="flex flex-col gap-3">
      <h3 id={`${clothesId}-wear`} className="text-sm font-bold text-ink-soft">
        {d.wearTitle}
      </h3>
      {wear.isPending ? (
        <Spinner label={ko.common.loading} className="text-sm" />
      ) : wear.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {d.wearLoadFailed}
        </p>
      ) : wear.data.wearCount === 0 ? (
        <p className="text-[15px] text-ink-muted">{d.neverWorn}</p>
      ) : (
        <>
          {sinceWash !== null && sinceWash >= WASH_HINT_WEARS ? (
            <p className="flex items-start gap-2 rounded-xl bg-brand-50 px-3 py-2.5 text-sm text-ink">
              <WashingMachine className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
              {ko.clothes.life.washHint(sinceWash)}
            </p>
          ) : null}
          <p className="flex flex-wrap gap-x-3 text-[15px] text-ink">
            <strong>{d.wearCount(wear.data.wearCount)}</strong>
            {wear.data.lastWornAt ? (
              <span className="text-ink-soft">{d.lastWorn(formatDate(wear.data.lastWornAt))}</span>
            ) : null}
          </p>
          <h4 className="text-sm font-bold text-ink-soft">{d.ootdsTitle}</h4>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {wear.data.feeds.map((feed) => (
              <li key={feed.id}>
                <OotdTile feed={feed} onOpen={() => onOpenFeed(feed)} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** One OOTD: up to four of its pieces' photos and its date; opens the feed. */
function OotdTile({ feed, onOpen }: { feed: FeedDto; onOpen(): void }) {
  const date = formatDate(feed.createdAt);
  const photos = feed.ootds.slice(0, 4);
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={ko.clothes.detail.ootdOf(date)}
      className="flex w-full flex-col gap-1 rounded-xl text-left focus-visible:ring-4 focus-visible:ring-brand-100 focus-visible:outline-none"
    >
      <span
        className={cn(
          'grid aspect-square w-full gap-px overflow-hidden rounded-xl border border-line bg-line',
          // One piece fills the tile, two share it side by side, three or four make a 2×2 grid.
          photos.length === 1 ? 'grid-cols-1' : 'grid-cols-2',
          photos.length > 2 && 'grid-rows-2',
        )}
      >
        {photos.map((piece, i) => (
          <span key={`${piece.clothesId ?? 'gone'}-${i}`} className="relative bg-surface-soft">
            {(piece.thumbnailUrl ?? piece.imageUrl) ? (
              <img
                src={piece.thumbnailUrl ?? piece.imageUrl ?? ''}
                alt=""
                loading="lazy"
                className="absolute inset-0 size-full object-cover"
              />
            ) : (
              <Shirt className="absolute inset-0 m-auto size-5 text-ink-muted" aria-hidden />
            )}
          </span>
        ))}
      </span>
      <span className="text-xs text-ink-soft">{date}</span>
    </button>
  );
}
