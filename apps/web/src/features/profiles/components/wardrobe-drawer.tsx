import { Shirt, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { CLOTHES_TYPES, ko, type ClothesDto, type ClothesType, type CursorPage } from '@otboo/contract';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import type { PageCursor } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import { useCursorList } from '@/lib/use-cursor-list';
import { cn } from '@/utils/cn';

/** The drawer's width (spec §9). */
export const WARDROBE_DRAWER_WIDTH = 456;
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
 * A side tab at the right edge that slides out a 456px drawer with the user's clothes, two per row,
 * filtered by category. The drawer is not modal: the profile stays usable beside it.
 */
export function WardrobeDrawer({ ownerId, ownerName, getClothes }: WardrobeDrawerProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const panelId = useId();
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
    }
  }

  return (
    <div
      onKeyDown={onKeyDown}
      className={cn(
        'fixed top-[60px] right-0 bottom-0 z-30 transition-transform duration-300 ease-out motion-reduce:transition-none',
        open ? 'translate-x-0' : 'translate-x-full',
      )}
      style={{ width: WARDROBE_DRAWER_WIDTH }}
    >
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={panelId}
        className="absolute top-40 left-0 flex -translate-x-full flex-col items-center gap-2 rounded-l-2xl bg-brand-500 px-2.5 py-4 text-sm font-bold text-white shadow-lg hover:bg-brand-600"
      >
        {open ? <X className="size-5" aria-hidden /> : <Shirt className="size-5" aria-hidden />}
        <span className="[writing-mode:vertical-rl]">
          {open ? ko.profilePage.closeWardrobe : ko.profilePage.openWardrobe}
        </span>
      </button>
      <section
        id={panelId}
        aria-label={title}
        inert={!open}
        className={cn('flex h-full flex-col border-l border-line bg-white', open && 'shadow-2xl')}
      >
        <h2 className="px-6 pt-6 pb-4 text-lg font-bold text-ink">{title}</h2>
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
      <div className="px-6 pb-4">
        <Select
          aria-label={ko.profilePage.categoryLabel}
          value={typeEqual ?? ALL}
          options={CATEGORY_OPTIONS}
          onValueChange={(value) => setTypeEqual(value === ALL ? undefined : (value as ClothesType))}
          className="w-full"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-6 pb-6" aria-busy={loading}>
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
          <p role="alert" className="py-8 text-center text-sm text-red-500">
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
          <img src={src} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <span className="flex size-full flex-col items-center justify-center gap-1 text-xs text-ink-muted">
            <Shirt className="size-8" aria-hidden />
            {ko.common.noImage}
          </span>
        )}
      </div>
      <div className="flex flex-col gap-1.5 p-3">
        <p className="flex items-center gap-1.5">
          <span className="truncate text-sm font-bold text-ink">{clothes.name}</span>
          <span className="shrink-0 rounded-full bg-surface px-2 py-0.5 text-[11px] font-bold text-ink-soft">
            {ko.clothes.types[clothes.type]}
          </span>
        </p>
        {clothes.attributes.length > 0 ? (
          <ul className="flex flex-wrap gap-1" aria-label={ko.clothes.attributes}>
            {clothes.attributes.map((attribute) => (
              <li
                key={attribute.definitionId}
                title={attribute.definitionName}
                className="rounded-full bg-brand-50 px-2 py-0.5 text-[11px] font-bold text-brand-600"
              >
                {attribute.value}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
