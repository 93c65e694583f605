import { Shirt, X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { CLOTHES_TYPES, ko, type ClothesDto, type ClothesType, type CursorPage } from '@otboo/contract';
import { GarmentCaption } from '@/components/ui/garment-caption';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import type { PageCursor } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import { useCursorList } from '@/lib/use-cursor-list';
import { cn } from '@/utils/cn';

/** Clothes load 20 at a time (spec §7 fixed values). */
export const WARDROBE_PAGE_SIZE = 20;

const ALL = 'ALL';
/** 전체, then every type as '상의' (TOP) … '기타' (ETC), SCARF included (spec §2 "Profile page"). */
const CATEGORY_OPTIONS = [
  { value: ALL, label: ko.clothes.all },
  ...CLOTHES_TYPES.map((type) => ({ value: type, label: ko.clothes.types[type] })),
];

interface WardrobeQuery {
  ownerId: string;
  typeEqual?: ClothesType;
  limit?: number;
}

/** GET /api/clothes?ownerId, declared by the clothes feature and handed in by the profile route. */
type WardrobeLoader = (params: WardrobeQuery & PageCursor) => Promise<CursorPage<ClothesDto>>;

interface WardrobeDrawerProps {
  ownerId: string;
  ownerName: string;
  getClothes: WardrobeLoader;
}

/**
 * The user's clothes, two per row, filtered by category, in a panel that is not modal: the profile stays usable
 * beside it. From lg, spec §2's drawer: a side tab at the right edge slides out 456px (spec §9) under the top bar. Below lg,
 * a bottom sheet: the tab sits on the sheet's top edge above the tab bar, and the sheet rises over the lower part
 * of the screen. CSS chooses (index.css's breakpoints); `motion-reduce` skips the slide.
 */
export function WardrobeDrawer({ ownerId, ownerName, getClothes }: WardrobeDrawerProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const title = ko.profilePage.wardrobeTitle(ownerName);

  function toggle() {
    setOpen((value) => !value);
    setOpened(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // React bubbles keys from portals too: Escape in the open category list only closes that list.
    const inside = event.currentTarget.contains(event.target as Node);
    if (event.key === 'Escape' && open && inside) {
      event.stopPropagation();
      setOpen(false);
      // The panel turns inert: the focus goes back to the tab that opened it instead of being lost.
      toggleRef.current?.focus();
    }
  }

  return (
    <div
      onKeyDown={onKeyDown}
      className={cn(
        'fixed inset-x-0 bottom-(--bottom-chrome) z-20 h-[min(75dvh,640px)] transition-transform duration-300 ease-out motion-reduce:transition-none',
        'lg:top-[60px] lg:right-0 lg:bottom-0 lg:left-auto lg:z-30 lg:h-auto lg:w-[456px]',
        open ? 'translate-y-0 lg:translate-x-0' : 'translate-y-full lg:translate-x-full lg:translate-y-0',
      )}
    >
      <button
        ref={toggleRef}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={panelId}
        className={cn(
          'absolute right-4 bottom-full flex h-11 items-center gap-2 rounded-t-2xl bg-brand-600 px-4 text-sm font-bold text-white shadow-lg hover:bg-brand-700',
          'lg:top-40 lg:right-auto lg:bottom-auto lg:left-0 lg:h-auto lg:-translate-x-full lg:flex-col lg:rounded-l-2xl lg:rounded-tr-none lg:px-2.5 lg:py-4',
        )}
      >
        {open ? <X className="size-5" aria-hidden /> : <Shirt className="size-5" aria-hidden />}
        <span className="lg:[writing-mode:vertical-rl]">
          {open ? ko.profilePage.closeWardrobe : ko.profilePage.openWardrobe}
        </span>
      </button>
      <section
        id={panelId}
        aria-label={title}
        inert={!open}
        className={cn(
          'flex h-full flex-col rounded-t-[var(--radius-card)] border-t border-line bg-white lg:rounded-none lg:border-t-0 lg:border-l',
          open && 'shadow-2xl',
        )}
      >
        <h2 className="px-5 pt-5 pb-3 text-lg font-bold text-ink lg:px-6 lg:pt-6 lg:pb-4">{title}</h2>
        {/* Loaded on first opening, then kept while the profile is shown. */}
        {opened ? <WardrobeContents key={ownerId} ownerId={ownerId} getClothes={getClothes} /> : null}
      </section>
    </div>
  );
}

function WardrobeContents({ ownerId, getClothes }: { ownerId: string; getClothes: WardrobeLoader }) {
  const [typeEqual, setTypeEqual] = useState<ClothesType | undefined>(undefined);
  // The closet's own query shape and key: the drawer and the owner's closet share the cached pages.
  const wardrobe = useCursorList<ClothesDto, WardrobeQuery>({
    queryKey: queryKeys.clothes.list({
      ownerId,
      limit: WARDROBE_PAGE_SIZE,
      ...(typeEqual ? { typeEqual } : {}),
    }),
    fetchPage: getClothes,
  });
  const { items: data, loading, error, hasNext } = wardrobe;
  const sentinel = useInfiniteScroll<HTMLDivElement>({
    enabled: hasNext && !loading && !error,
    onReachEnd: () => void wardrobe.loadMore(),
  });

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="px-5 pb-4 lg:px-6">
        <Select
          aria-label={ko.profilePage.categoryLabel}
          value={typeEqual ?? ALL}
          options={CATEGORY_OPTIONS}
          onValueChange={(value) => setTypeEqual(value === ALL ? undefined : (value as ClothesType))}
          className="w-full"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-6 lg:px-6" aria-busy={loading}>
        {data.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3">
            {data.map((clothes) => (
              <li key={clothes.id}>
                <WardrobeItem clothes={clothes} />
              </li>
            ))}
          </ul>
        ) : null}
        {loading ? (
          <div className="flex justify-center py-8">
            <Spinner label={data.length > 0 ? ko.common.loadingMore : ko.common.loading} />
          </div>
        ) : error ? (
          <p role="alert" className="py-8 text-center text-sm text-red-600">
            {error}
          </p>
        ) : data.length === 0 ? (
          <div className="flex flex-col items-center gap-1.5 py-16 text-center">
            <Shirt className="mb-2 size-10 text-ink-muted" aria-hidden />
            <p className="text-[15px] font-bold text-ink-soft">{ko.profilePage.noClothes}</p>
            {typeEqual ? (
              <p className="text-sm text-ink-muted">{ko.profilePage.chooseOtherCategory}</p>
            ) : null}
          </div>
        ) : null}
        <div ref={sentinel} aria-hidden className="h-px" />
      </div>
    </div>
  );
}

function WardrobeItem({ clothes }: { clothes: ClothesDto }) {
  const src = clothes.thumbnailUrl ?? clothes.imageUrl;
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-line bg-white">
      <div className="aspect-square bg-surface">
        {src ? (
          <img src={src} alt={clothes.name} loading="lazy" className="size-full object-cover" />
        ) : (
          <span className="flex size-full flex-col items-center justify-center gap-1 text-xs text-ink-muted">
            <Shirt className="size-8" aria-hidden />
            {ko.common.noImage}
          </span>
        )}
      </div>
      <div className="flex flex-col gap-1.5 p-3">
        <GarmentCaption garment={clothes} size="sm" />
      </div>
    </article>
  );
}
