import { useQueryClient } from '@tanstack/react-query';
import { Archive, BarChart3, CheckSquare, Images, Luggage, Plus } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  AVAILABILITY_STATES,
  ko,
  type AvailabilityState,
  type ClothesDto,
  type ClothesType,
} from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { BatchEditDialog } from '@/features/clothes/components/batch/batch-edit-dialog';
import { SelectionBar } from '@/features/clothes/components/batch/selection-bar';
import { BulkAddDialog } from '@/features/clothes/components/bulk-add/bulk-add-dialog';
import { ClosetSearch } from '@/features/clothes/components/closet/closet-search';
import { EmptyWardrobe, NoFilterResults } from '@/features/clothes/components/closet/closet-empty';
import { ClothesGrid } from '@/features/clothes/components/closet/clothes-grid';
import { DeleteClothesDialog } from '@/features/clothes/components/closet/delete-clothes-dialog';
import { TypeTabs } from '@/features/clothes/components/closet/type-tabs';
import { AddClothesDialog } from '@/features/clothes/components/clothes-form/add-clothes-dialog';
import { EditClothesDialog } from '@/features/clothes/components/clothes-form/edit-clothes-dialog';
import { GarmentPage } from '@/features/clothes/components/garment/garment-page';
import { ArchiveDialog } from '@/features/clothes/components/life/archive-dialog';
import { useClothesLife } from '@/features/clothes/hooks/use-clothes-life';
import {
  addToClothesLists,
  CLOSET_PAGE_SIZE,
  removeFromClothesLists,
  replaceInClothesLists,
  useClothesList,
  type ClothesQuery,
} from '@/features/clothes/hooks/use-clothes-list';
import { useClothesSelection } from '@/features/clothes/hooks/use-clothes-selection';
import { FeedDetailDialog } from '@/features/feeds/components/feed-detail-dialog';
import { useFeedDialog } from '@/features/feeds/hooks/use-feed-dialog';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/stores/session';

/** /closet — the signed-in user's wardrobe (docs/product.md §2 "Closet"). */
export function ClosetRoute() {
  const userId = useSession((s) => s.user?.id);
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<
    Pick<ClothesQuery, 'typeEqual' | 'keywordLike' | 'availabilityEqual'>
  >({});
  const closet = useClothesList(
    { ownerId: userId ?? '', limit: CLOSET_PAGE_SIZE, ...filters },
    userId !== undefined,
  );
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ClothesDto | null>(null);
  const [deleting, setDeleting] = useState<ClothesDto | null>(null);
  /** The garment page's garment; editing or deleting from it opens those dialogs over it. */
  const [viewing, setViewing] = useState<ClothesDto | null>(null);
  const [archiving, setArchiving] = useState<ClothesDto | null>(null);
  const showChanged = (clothes: ClothesDto) =>
    setViewing((current) => (current?.id === clothes.id ? clothes : current));
  const life = useClothesLife(showChanged);
  const feedDialog = useFeedDialog();
  const [bulkAdding, setBulkAdding] = useState(false);
  const selection = useClothesSelection();
  const [batchEditing, setBatchEditing] = useState(false);
  const gridId = useId();
  const searchId = useId();
  // The search box keeps its own text: clearing the search remounts it empty, then gives it the focus back.
  const [searchKey, setSearchKey] = useState(0);

  const changeKeyword = useCallback(
    (keywordLike: string | undefined) => setFilters((current) => ({ ...current, keywordLike })),
    [],
  );
  const changeType = (typeEqual: ClothesType | undefined) =>
    setFilters((current) => ({ ...current, typeEqual }));
  const changeAvailability = (availabilityEqual: AvailabilityState | undefined) =>
    setFilters((current) => ({ ...current, availabilityEqual }));
  function clearSearch() {
    setFilters((current) => ({ ...current, keywordLike: undefined }));
    setSearchKey((k) => k + 1);
    setTimeout(() => document.getElementById(searchId)?.focus(), 0);
  }

  const { items: data, loading, error } = closet;
  const started = userId !== undefined;
  const filtered =
    filters.typeEqual !== undefined ||
    Boolean(filters.keywordLike) ||
    filters.availabilityEqual !== undefined;
  const firstLoad = !started || (loading && data.length === 0);
  const emptyWardrobe = started && !loading && !error && data.length === 0 && !filtered;

  function saved(clothes: ClothesDto) {
    addToClothesLists(queryClient, clothes);
    setAdding(false);
  }

  function edited(clothes: ClothesDto) {
    replaceInClothesLists(queryClient, clothes);
    setEditing(null);
    setViewing((current) => (current?.id === clothes.id ? clothes : current));
  }

  function batchEdited(changed: ClothesDto[]) {
    for (const clothes of changed) replaceInClothesLists(queryClient, clothes);
    setBatchEditing(false);
    selection.stop();
  }

  return (
    <Page
      title={ko.layout.sidebarCloset}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setBulkAdding(true)}>
            <Images className="size-4" aria-hidden />
            {ko.clothes.analysis.bulkAdd}
          </Button>
          {emptyWardrobe ? null : (
            <Button onClick={() => setAdding(true)}>
              <Plus className="size-4" aria-hidden />
              {ko.clothes.add}
            </Button>
          )}
        </div>
      }
    >
      {emptyWardrobe ? (
        <EmptyWardrobe onAdd={() => setAdding(true)} />
      ) : (
        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <ClosetSearch
                key={searchKey}
                id={searchId}
                applied={filters.keywordLike}
                onChange={changeKeyword}
              />
              <div className="flex flex-wrap gap-1">
                <Select
                  aria-label={ko.clothes.life.filterLabel}
                  value={filters.availabilityEqual ?? 'ALL'}
                  onValueChange={(v) =>
                    changeAvailability(v === 'ALL' ? undefined : (v as AvailabilityState))
                  }
                  options={[
                    { value: 'ALL', label: ko.clothes.life.filterAll },
                    ...AVAILABILITY_STATES.map((state) => ({
                      value: state,
                      label: ko.clothes.life.states[state],
                    })),
                  ]}
                />
                <Button variant="ghost" asChild>
                  <Link to={paths.closet.archive.href()}>
                    <Archive className="size-4" aria-hidden />
                    {ko.clothes.life.archiveList}
                  </Link>
                </Button>
                <Button variant="ghost" asChild>
                  <Link to={paths.trips.href()}>
                    <Luggage className="size-4" aria-hidden />
                    {ko.trips.entry}
                  </Link>
                </Button>
                <Button variant="ghost" asChild>
                  <Link to={paths.closet.report.href()}>
                    <BarChart3 className="size-4" aria-hidden />
                    {ko.clothes.insights.title}
                  </Link>
                </Button>
                {selection.selecting ? null : (
                  <Button variant="ghost" onClick={selection.start}>
                    <CheckSquare className="size-4" aria-hidden />
                    {ko.clothes.batch.select}
                  </Button>
                )}
              </div>
            </div>
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
            onAvailability={(clothes, state) => void life.setAvailability(clothes, state)}
            onArchive={setArchiving}
            noResults={
              filters.availabilityEqual && !filters.keywordLike && !filters.typeEqual ? (
                <div className="flex flex-col items-center gap-3 py-16 text-center">
                  <p className="text-[15px] text-ink-soft">
                    {ko.clothes.life.filterEmpty(ko.clothes.life.states[filters.availabilityEqual])}
                  </p>
                  <Button variant="outline" size="sm" onClick={() => changeAvailability(undefined)}>
                    {ko.clothes.life.showAllStates}
                  </Button>
                </div>
              ) : (
                <NoFilterResults
                  keyword={filters.keywordLike}
                  type={filters.typeEqual}
                  onClearSearch={clearSearch}
                  onShowAllTypes={() => changeType(undefined)}
                />
              )
            }
            onOpen={setViewing}
            selection={
              selection.selecting
                ? { isSelected: (id) => selection.selected.has(id), onToggle: selection.toggle }
                : undefined
            }
          />
          {selection.selecting ? (
            <SelectionBar
              count={selection.selected.size}
              onEdit={() => setBatchEditing(true)}
              onCancel={selection.stop}
            />
          ) : null}
        </div>
      )}
      <AddClothesDialog open={adding} onOpenChange={setAdding} ownerId={userId} onSaved={saved} />
      <BulkAddDialog
        open={bulkAdding}
        onOpenChange={setBulkAdding}
        ownerId={userId}
        onSaved={(clothes) => addToClothesLists(queryClient, clothes)}
      />
      <BatchEditDialog
        open={batchEditing}
        onOpenChange={setBatchEditing}
        clothes={[...selection.selected.values()]}
        onUpdated={batchEdited}
      />
      <GarmentPage
        clothes={viewing}
        onClose={() => setViewing(null)}
        onEdit={setEditing}
        onDelete={setDeleting}
        onArchive={setArchiving}
        onChanged={showChanged}
        onOpenFeed={feedDialog.show}
      />
      <ArchiveDialog
        clothes={archiving}
        onClose={() => setArchiving(null)}
        onArchived={(clothes) => setViewing((current) => (current?.id === clothes.id ? null : current))}
      />
      <FeedDetailDialog
        feedId={feedDialog.feed?.id ?? null}
        initialFeed={feedDialog.feed ?? undefined}
        open={feedDialog.open}
        onOpenChange={feedDialog.onOpenChange}
        // A post deleted there no longer counts as a wear.
        onFeedDelete={() => void queryClient.invalidateQueries({ queryKey: queryKeys.clothes.wears() })}
      />
      <EditClothesDialog clothes={editing} onClose={() => setEditing(null)} onSaved={edited} />
      <DeleteClothesDialog
        clothes={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(clothes) => {
          removeFromClothesLists(queryClient, clothes.id);
          setViewing((current) => (current?.id === clothes.id ? null : current));
        }}
      />
    </Page>
  );
}
