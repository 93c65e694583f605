import { Plus } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
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
import { CLOSET_DEFAULT_PARAMS, matchesCloset, useCloset } from '@/features/clothes/stores/closet-store';
import { useSession } from '@/stores/session';

/** /closet — the signed-in user's wardrobe (spec §2 "Closet"). */
export function ClosetRoute() {
  const userId = useSession((s) => s.user?.id);
  const store = useCloset();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ClothesDto | null>(null);
  const [deleting, setDeleting] = useState<ClothesDto | null>(null);
  const gridId = useId();
  const { setParams } = store;

  useEffect(() => {
    if (!userId) return;
    useCloset.getState().setParams({ ...CLOSET_DEFAULT_PARAMS, ownerId: userId });
    return () => useCloset.getState().reset();
  }, [userId]);

  const changeKeyword = useCallback(
    (keywordLike: string | undefined) => setParams({ keywordLike }),
    [setParams],
  );
  const changeType = (typeEqual: ClothesType | undefined) => setParams({ typeEqual });

  const { params, data, loading, error } = store;
  const started = params.ownerId !== '';
  const filtered = params.typeEqual !== undefined || Boolean(params.keywordLike);
  const firstLoad = !started || (loading && data.length === 0);
  const emptyWardrobe = started && !loading && !error && data.length === 0 && !filtered;

  function saved(clothes: ClothesDto) {
    const { params: current, add } = useCloset.getState();
    if (matchesCloset(clothes, current)) add(clothes);
    setAdding(false);
  }

  function edited(clothes: ClothesDto) {
    const { params: current, update, remove } = useCloset.getState();
    if (matchesCloset(clothes, current)) update(clothes);
    else remove(clothes.id);
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
            <ClosetSearch applied={params.keywordLike} onChange={changeKeyword} />
            <TypeTabs value={params.typeEqual} onChange={changeType} controls={gridId} />
          </div>
          <ClothesGrid
            id={gridId}
            clothes={data}
            firstLoad={firstLoad}
            loading={loading}
            error={error}
            hasNext={store.hasNext}
            currentUserId={userId}
            onLoadMore={() => void store.loadMore()}
            onRetry={() => void store.fetch({ force: true })}
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
        onDeleted={(clothes) => store.remove(clothes.id)}
      />
    </Page>
  );
}
