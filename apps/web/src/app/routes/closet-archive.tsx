import { ArrowLeft, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { ko, type ClothesDto } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { ClothesTile } from '@/components/ui/clothes-tile';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useClothesLife } from '@/features/clothes/hooks/use-clothes-life';
import { CLOSET_PAGE_SIZE, useClothesList } from '@/features/clothes/hooks/use-clothes-list';
import { useSession } from '@/stores/session';
import { formatDate } from '@/utils/format-date';

/** /closet/archive — '보관함' (docs/api.md §10): archived pieces, newest first, each with '옷장으로 되돌리기'. */
export function ClosetArchiveRoute() {
  const userId = useSession((s) => s.user?.id);
  const life = ko.clothes.life;
  const archive = useClothesList(
    { ownerId: userId ?? '', limit: CLOSET_PAGE_SIZE, archived: true },
    userId !== undefined,
  );
  const { restore, busy } = useClothesLife();
  const { items, loading, error } = archive;

  return (
    <Page
      title={life.archiveList}
      actions={
        <Button variant="ghost" asChild>
          <Link to={paths.closet.href()}>
            <ArrowLeft className="size-4" aria-hidden />
            {ko.layout.sidebarCloset}
          </Link>
        </Button>
      }
    >
      {items.length > 0 ? (
        <div className="flex flex-col gap-6">
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fill,minmax(200px,1fr))] sm:gap-5"
            aria-label={life.archiveList}
          >
            {items.map((clothes) => (
              <li key={clothes.id}>
                <ClothesTile
                  clothes={clothes}
                  footer={
                    <ArchivedFooter clothes={clothes} busy={busy} onRestore={() => void restore(clothes)} />
                  }
                />
              </li>
            ))}
          </ul>
          {archive.hasNext ? (
            <Button
              variant="outline"
              className="self-center"
              disabled={loading}
              onClick={() => void archive.loadMore()}
            >
              {life.showMore}
            </Button>
          ) : null}
        </div>
      ) : loading || userId === undefined ? (
        <div className="flex justify-center py-16">
          <Spinner label={ko.common.loading} />
        </div>
      ) : error ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-[15px] text-red-600">{error}</p>
          <Button variant="outline" size="sm" onClick={() => void archive.fetch({ force: true })}>
            {ko.common.retry}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-2 rounded-[var(--radius-card)] border border-dashed border-line bg-surface-soft px-6 py-12 text-center">
          <p className="text-[15px] font-bold text-ink">{life.archiveEmpty}</p>
          <p className="text-sm text-ink-soft">{life.archiveEmptyHint}</p>
        </div>
      )}
    </Page>
  );
}

function ArchivedFooter({
  clothes,
  busy,
  onRestore,
}: {
  clothes: ClothesDto;
  busy: boolean;
  onRestore(): void;
}) {
  const life = ko.clothes.life;
  return (
    <div className="mt-auto flex flex-col gap-2">
      {clothes.archived ? (
        <p className="text-xs text-ink-soft">
          {life.archivedOn(life.reasons[clothes.archived.reason], formatDate(clothes.archived.at))}
        </p>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={onRestore}
        aria-label={`${clothes.name} ${life.restore}`}
      >
        <Undo2 className="size-4" aria-hidden />
        {life.restore}
      </Button>
    </div>
  );
}
