import type { ReactNode } from 'react';
import { ko, type AvailabilityState, type ClothesDto } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { ClothesTileSkeleton } from '@/components/ui/clothes-tile';
import { Spinner } from '@/components/ui/spinner';
import { ClothesCard } from '@/features/clothes/components/closet/clothes-card';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';

/** Skeleton cards shown while the first page loads (spec §2). */
export const CLOSET_SKELETONS = 10;

interface ClothesGridProps {
  /** The tab panel id the type tabs point at. */
  id: string;
  clothes: ClothesDto[];
  /** Nothing listed yet and the first page on its way. */
  firstLoad: boolean;
  loading: boolean;
  error: string | null;
  hasNext: boolean;
  currentUserId: string | undefined;
  onLoadMore(): void;
  onRetry(): void;
  onEdit(clothes: ClothesDto): void;
  onDelete(clothes: ClothesDto): void;
  /** The owner's one-tap availability and archive (docs/api.md §10). */
  onAvailability?(clothes: ClothesDto, state: AvailabilityState): void;
  onArchive?(clothes: ClothesDto): void;
  /** Opens the garment page of one of the user's garments. */
  onOpen?(clothes: ClothesDto): void;
  /** The select mode: each of the user's garments gets a checkbox (use-clothes-selection.ts). */
  selection?: { isSelected(clothesId: string): boolean; onToggle(clothes: ClothesDto): void };
  /** Shown when the filters match nothing (closet-empty.tsx NoFilterResults). */
  noResults: ReactNode;
}

// Two columns on a phone; from sm as many 200px-or-wider columns as fit.
const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fill,minmax(200px,1fr))] sm:gap-5';

/** The closet's cards with skeletons, infinite scroll, a failure notice and the filtered-empty text. */
export function ClothesGrid(props: ClothesGridProps) {
  const { clothes, firstLoad, loading, error, hasNext } = props;
  const sentinel = useInfiniteScroll<HTMLDivElement>({
    enabled: hasNext && !loading && !error,
    onReachEnd: props.onLoadMore,
  });

  return (
    <div id={props.id} role="tabpanel" aria-busy={loading} className="flex flex-col gap-6">
      {firstLoad ? (
        <>
          <span className="sr-only" role="status">
            {ko.common.loading}
          </span>
          <div className={GRID} data-testid="closet-skeletons">
            {Array.from({ length: CLOSET_SKELETONS }, (_, i) => (
              <ClothesTileSkeleton key={i} />
            ))}
          </div>
        </>
      ) : clothes.length > 0 ? (
        <ul className={GRID} aria-label={ko.layout.sidebarCloset}>
          {clothes.map((item) => (
            <li key={item.id}>
              <ClothesCard
                clothes={item}
                editable={item.ownerId === props.currentUserId}
                onEdit={props.onEdit}
                onDelete={props.onDelete}
                onAvailability={props.onAvailability}
                onArchive={props.onArchive}
                onOpen={item.ownerId === props.currentUserId ? props.onOpen : undefined}
                selection={
                  props.selection && item.ownerId === props.currentUserId
                    ? { selected: props.selection.isSelected(item.id), onToggle: props.selection.onToggle }
                    : undefined
                }
              />
            </li>
          ))}
        </ul>
      ) : !error ? (
        props.noResults
      ) : null}
      {error ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-[15px] text-red-600">{error}</p>
          <Button variant="outline" size="sm" onClick={props.onRetry}>
            {ko.common.retry}
          </Button>
        </div>
      ) : null}
      {loading && !firstLoad ? (
        <div className="flex justify-center py-4">
          <Spinner label={ko.common.loadingMore} />
        </div>
      ) : null}
      <div ref={sentinel} aria-hidden className="h-px" />
    </div>
  );
}
