import { CloudOff, PenLine, RefreshCw, SearchX, Shirt, Sparkles } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { ClothesTileSkeleton } from '@/components/ui/clothes-tile';
import { KEPT_COPY_ONLY } from '@/config/first-screen';
import { paths } from '@/config/paths';
import { ExcludedClothes } from '@/features/recommendations/components/excluded-clothes';
import { RecommendedPiece } from '@/features/recommendations/components/recommended-piece';
import type { ExcludablePiece } from '@/features/recommendations/hooks/use-exclusions';
import type { RecommendationView } from '@/features/recommendations/hooks/use-recommendation';

/** Placeholder cards while an outfit loads (docs/product.md §9). */
export const RECOMMENDATION_SKELETONS = 10;

/** The cards of the grid's first row at its widest (1440 px): their photos load at once, the others when near. */
const FIRST_ROW = 5;

// Two columns on a phone; from sm as many 180px-or-wider columns as fit.
const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fill,minmax(180px,1fr))] sm:gap-5';

interface RecommendationPanelProps {
  view: RecommendationView;
  /** The weather could not be had (no place, or the forecast failed): there is no day to dress for. */
  weatherUnavailable?: boolean;
  onAnother(): void;
  onRetry(): void;
  onRegister(): void;
  /** Whether 'OOTD 등록' can work (a day's weather and a recommended garment); otherwise it is disabled and plain. */
  canRegister?: boolean;
  /** '이 옷 빼기' on each recommended card (hooks/use-exclusions.ts). */
  onExclude?(piece: ExcludablePiece): void;
  /** The day's garments taken out, named: '오늘 뺀 옷' under the outfit, each with its undo. */
  excluded?: ExcludablePiece[];
  onUndo?(clothesId: string): void;
  /** Garments whose '이 옷 빼기' or undo is on its way. */
  pendingIds?: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

const LAST_RECEIVED = 'text-[13px] text-ink-muted';

/**
 * '#추천 OOTD' (docs/product.md §2): the outfit for the selected day with the recommender's reason, '다른 옷 추천'
 * and 'OOTD 등록'; each card with its own reason and '이 옷 빼기', and what the day has taken out with
 * its undo; skeletons while loading; an invitation to fill an empty closet.
 */
export function RecommendationPanel({
  view,
  weatherUnavailable = false,
  onAnother,
  onRetry,
  onRegister,
  canRegister = true,
  onExclude,
  excluded = [],
  onUndo,
  pendingIds = NONE,
}: RecommendationPanelProps) {
  const waiting = view.status === 'idle' && weatherUnavailable;
  const loading = view.status === 'loading' || (view.status === 'idle' && !weatherUnavailable);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={loading}
      data-testid="recommendation-panel"
      className="flex flex-col gap-5 rounded-[28px] bg-white p-4 shadow-sm sm:p-8"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <h2 id={headingId} className="text-2xl font-bold text-ink">
              {ko.recommendations.heading}
            </h2>
            {/* Beside the heading, on its line: the fresh outfit replaces this one without moving anything. Beside
                a fresh one it is there but hidden, for the copy kept for the next visit (lib/first-screen.ts). */}
            {view.status === 'ready' ? (
              view.lastReceived ? (
                <span className={LAST_RECEIVED} data-testid="last-received">
                  {ko.recommendations.lastReceived}
                </span>
              ) : (
                <span className={LAST_RECEIVED} hidden {...{ [KEPT_COPY_ONLY]: '' }}>
                  {ko.recommendations.lastReceived}
                </span>
              )
            ) : null}
          </div>
          {waiting ? null : <Reason view={view} />}
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" onClick={onAnother} disabled={loading || waiting}>
            <RefreshCw className={loading ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
            {loading ? ko.recommendations.recommending : ko.recommendations.another}
          </Button>
          <Button variant={canRegister ? 'primary' : 'outline'} onClick={onRegister} disabled={!canRegister}>
            <PenLine className="size-4" aria-hidden />
            {ko.recommendations.registerOotd}
          </Button>
        </div>
      </header>
      {waiting ? (
        <Empty icon={<CloudOff className="size-8" aria-hidden />} text={ko.recommendations.needsWeather} />
      ) : (
        <Body view={view} onRetry={onRetry} onExclude={onExclude} pendingIds={pendingIds} />
      )}
      {view.status === 'ready' && onUndo ? (
        <ExcludedClothes items={excluded} pending={pendingIds} onUndo={onUndo} />
      ) : null}
    </section>
  );
}

function Reason({ view }: { view: RecommendationView }) {
  if (view.status === 'ready') {
    return (
      <p className="flex items-start gap-2 text-[15px] text-ink-soft" data-testid="recommendation-reason">
        <Sparkles className="mt-0.5 size-4 shrink-0 text-brand-500" aria-hidden />
        {/* The reason may run long (a piece to add, a compromise): it wraps between words, never inside one. */}
        <span className="break-keep text-pretty">{view.recommendation.reason}</span>
      </p>
    );
  }
  if (view.status === 'error') return null;
  return <div aria-hidden className="h-5 w-72 max-w-full animate-pulse rounded bg-surface" />;
}

interface BodyProps extends Pick<RecommendationPanelProps, 'view' | 'onRetry' | 'onExclude'> {
  pendingIds: ReadonlySet<string>;
}

function Body({ view, onRetry, onExclude, pendingIds }: BodyProps) {
  if (view.status === 'idle' || view.status === 'loading') {
    return (
      <>
        <span role="status" className="sr-only">
          {ko.recommendations.recommending}
        </span>
        <div className={GRID} data-testid="recommendation-skeletons">
          {Array.from({ length: RECOMMENDATION_SKELETONS }, (_, i) => (
            <ClothesTileSkeleton key={i} />
          ))}
        </div>
      </>
    );
  }
  if (view.status === 'error') {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
        <p className="text-[15px] text-red-600">{view.message}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {ko.common.retry}
        </Button>
      </div>
    );
  }
  const { clothes } = view.recommendation;
  if (clothes.length > 0) {
    return (
      <ul className={GRID} aria-label={ko.recommendations.clothesList}>
        {clothes.map((item, i) => {
          // Taken out and on its way to its replacement: only this card waits, the others stay as they are.
          const pending = item.clothesId !== null && pendingIds.has(item.clothesId);
          return (
            <li
              key={item.clothesId ?? i}
              aria-busy={pending}
              className={pending ? 'opacity-60 transition-opacity' : undefined}
            >
              <RecommendedPiece piece={item} onExclude={onExclude} pending={pending} eager={i < FIRST_ROW} />
            </li>
          );
        })}
      </ul>
    );
  }
  if (view.closetEmpty) {
    return (
      <Empty icon={<Shirt className="size-8" aria-hidden />} text={ko.recommendations.emptyCloset}>
        <Button asChild>
          <Link to={paths.closet.href()}>{ko.recommendations.goToCloset}</Link>
        </Button>
      </Empty>
    );
  }
  return <Empty icon={<SearchX className="size-8" aria-hidden />} text={ko.recommendations.empty} />;
}

function Empty({ icon, text, children }: { icon: ReactNode; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-4 rounded-[var(--radius-card)] border border-dashed border-line bg-surface-soft px-6 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-500">
        {icon}
      </span>
      <p className="text-lg font-bold text-ink">{text}</p>
      {children}
    </div>
  );
}
