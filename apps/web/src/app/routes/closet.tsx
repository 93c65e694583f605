import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { ko, type ClothesDto, type ClothesType } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { ClosetSearch } from '@/features/clothes/components/closet/closet-search';
import { EmptyWardrobe } from '@/features/clothes/components/closet/closet-empty';
import { ClothesGrid } from '@/features/clothes/components/closet/clothes-grid';
import { DeleteClothesDialog } from '@/features/clothes/components/closet/delete-clothes-dialog';
import { TypeTabs } from '@/features/clothes/components/closet/type-tabs';
import { AddClothesDialog } from '@/features/clothes/components/clothes-form/add-clothes-dialog';
import { EditClothesDialog } from '@/features/clothes/components/clothes-form/edit-clothes-dialog';
import {
  addToClothesLists,
  CLOSET_PAGE_SIZE,
  removeFromClothesLists,
  replaceInClothesLists,
  useClothesList,
  type ClothesQuery,
} from '@/features/clothes/hooks/use-clothes-list';
import { useSession } from '@/stores/session';

/** /closet — the signed-in user's wardrobe (spec §2 "Closet"). */
export function ClosetRoute() {
  const userId = useSession((s) => s.user?.id);
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Pick<ClothesQuery, 'typeEqual' | 'keywordLike'>>({});
  const closet = useClothesList(
    { ownerId: userId ?? '', limit: CLOSET_PAGE_SIZE, ...filters },
    userId !== undefined,
  );
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ClothesDto | null>(null);
  const [deleting, setDeleting] = useState<ClothesDto | null>(null);
  const gridId = useId();

  const changeKeyword = useCallback(
    (keywordLike: string | undefined) => setFilters((current) => ({ ...current, keywordLike })),
    [],
  );
  const changeType = (typeEqual: ClothesType | undefined) =>
    setFilters((current) => ({ ...current, typeEqual }));

  const { items: data, loading, error } = closet;
  const started = userId !== undefined;
  const filtered = filters.typeEqual !== undefined || Boolean(filters.keywordLike);
  const firstLoad = !started || (loading && data.length === 0);
  const emptyWardrobe = started && !loading && !error && data.length === 0 && !filtered;

  function saved(clothes: ClothesDto) {
    addToClothesLists(queryClient, clothes);
    setAdding(false);
  }

  function edited(clothes: ClothesDto) {
    replaceInClothesLists(queryClient, clothes);
    setEditing(null);
  }

  return (
    <Page
      title={ko.layout.sidebarCloset}
      actions={
        emptyWardrobe ? null : (
          <Button onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden />
            {ko.clothes.add}
          </Button>
        )
      }
    >
      {emptyWardrobe ? (
        <EmptyWardrobe onAdd={() => setAdding(true)} />
      ) : (
        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-4">
            <ClosetSearch applied={filters.keywordLike} onChange={changeKeyword} />
            <TypeTabs value={filters.typeEqual} onChange={changeType} controls={gridId} />
          </div>
          <ClothesGrid
            id={gridId}
            clothes={data}
            firstLoad={firstLoad}
            loading={loading}
            error={error}
            hasNext={closet.hasNext}
            currentUserId={userId}
            onLoadMore={() => void closet.loadMore()}
            onRetry={() => void closet.fetch({ force: true })}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        </div>
      )}
      <AddClothesDialog open={adding} onOpenChange={setAdding} ownerId={userId} onSaved={saved} />
      <EditClothesDialog clothes={editing} onClose={() => setEditing(null)} onSaved={edited} />
      <DeleteClothesDialog
        clothes={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(clothes) => removeFromClothesLists(queryClient, clothes.id)}
      />
    </Page>
  );
}
