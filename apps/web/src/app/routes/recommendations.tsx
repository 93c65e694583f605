import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Circle } from 'lucide-react';
import { lazy, Suspense, useId, useLayoutEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ko, type Location } from '@otboo/contract';
import { closetEmptyCheck } from '@/app/home-queries';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { getClothes } from '@/features/clothes/api/get-clothes';
import { useClothesNames } from '@/features/clothes/hooks/use-clothes-names';
import { FeedDetailDialog } from '@/features/feeds/components/feed-detail-dialog';
import { OotdDialog } from '@/features/feeds/components/ootd-dialog';
import { useFeedDialog } from '@/features/feeds/hooks/use-feed-dialog';
import { FeedbackPrompt } from '@/features/recommendations/components/feedback-prompt';
import { RecommendationPanel } from '@/features/recommendations/components/recommendation-panel';
import { useExclusions, type ExcludablePiece } from '@/features/recommendations/hooks/use-exclusions';
import { useRecommendation } from '@/features/recommendations/hooks/use-recommendation';
import { updateProfile } from '@/features/users/api/update-profile';
import { setCachedProfile, useProfile } from '@/features/users/hooks/use-profile';
import { WeatherHero } from '@/features/weather/components/weather-hero';
import { useWeatherHome, type ProfileLocation } from '@/features/weather/hooks/use-weather-home';
import { releaseFirstScreen, useKeepFirstScreen } from '@/lib/first-screen';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { writeErrorText } from '@/utils/error-text';

// '오늘의 계획' loads after the home's first paint, in a chunk of its own (the first-paint budget).
const TodayPlan = lazy(async () => ({
  default: (await import('@/features/plans/components/today-plan')).TodayPlan,
}));

/**
 * The profile's saved location once the profile is known (the cached copy, which the page asks again on
 * each visit, so a location saved elsewhere since is used); a profile that cannot be loaded counts as none.
 */
function useProfileLocation(userId: string | undefined): ProfileLocation {
  const profile = useProfile(userId);
  if (!userId) return undefined;
  if (profile.data) return profile.data.location;
  return profile.isError ? null : undefined;
}

/**
 * The selected day's garments taken out ('오늘 뺀 옷'), named: one taken out on this page by the name on its card,
 * the others (taken out before a reload, or on another device) by the closet's. One not named yet is left out.
 */
function useExcludedClothes(
  userId: string | undefined,
  ids: readonly string[],
  named: Readonly<Record<string, string>>,
): ExcludablePiece[] {
  const closet = useClothesNames(
    userId,
    ids.filter((id) => named[id] === undefined),
  );
  return ids.flatMap((clothesId) => {
    const name = named[clothesId] ?? closet.data?.[clothesId];
    return name === undefined ? [] : [{ clothesId, name }];
  });
}

/**
 * Whether the closet has any garment, asked only while `needed` (the start guide shows); undefined until known.
 * Asked again on each visit of the home.
 */
function useHasClothes(userId: string | undefined, needed: boolean): boolean | undefined {
  const page = useQuery({
    queryKey: queryKeys.clothes.any(userId ?? ''),
    queryFn: () => getClothes({ ownerId: userId ?? '', limit: 1 }),
    enabled: userId !== undefined && needed,
    staleTime: 0,
  });
  return page.data ? page.data.totalCount > 0 : undefined;
}

/**
 * The home before it can recommend (no place known): the two things to do, each marked when done, the closet one
 * with its way there. The place search itself is in the weather card just above.
 */
function StartGuide({ hasClothes }: { hasClothes: boolean }) {
  const headingId = useId();
  const steps = [
    { done: false, title: ko.recommendations.startPlace, detail: ko.recommendations.startPlaceDetail },
    {
      done: hasClothes,
      title: ko.recommendations.startClothes,
      detail: ko.recommendations.startClothesDetail,
    },
  ];
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-[28px] bg-white p-4 shadow-sm sm:p-8"
    >
      <h2 id={headingId} className="text-xl font-bold text-ink">
        {ko.recommendations.startTitle}
      </h2>
      <ol className="flex flex-col gap-3">
        {steps.map((step) => (
          <li key={step.title} className="flex items-start gap-3">
            {step.done ? (
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
            ) : (
              <Circle className="mt-0.5 size-5 shrink-0 text-ink-muted" aria-hidden />
            )}
            <div className="flex flex-col gap-1">
              <p className="text-[15px] font-bold text-ink">
                {step.title}
                {step.done ? (
                  <span className="ml-2 text-sm text-brand-700">{ko.recommendations.startDone}</span>
                ) : null}
              </p>
              <p className="text-sm break-keep text-ink-soft">{step.detail}</p>
            </div>
          </li>
        ))}
      </ol>
      {hasClothes ? null : (
        <Button asChild className="self-start">
          <Link to={paths.closet.href()}>{ko.recommendations.goToCloset}</Link>
        </Button>
      )}
    </section>
  );
}

/** /recommendations — the weather home: the place's five days, the outfit for the selected day and OOTD posting. */
export function RecommendationsRoute() {
  const userId = useSession((s) => s.user?.id);
  const queryClient = useQueryClient();
  const weather = useWeatherHome(useProfileLocation(userId));
  const selected = weather.state.status === 'ready' ? weather.state.selected : null;

  // Asked only when an outfit comes back empty: an empty closet gets the invitation to add clothes.
  const isClosetEmpty = useMemo(() => closetEmptyCheck(userId ?? ''), [userId]);
  const { view, another, retry } = useRecommendation(selected?.id ?? null, isClosetEmpty, {
    holdLastVisit: !weather.picked,
  });
  const exclusions = useExclusions(selected?.id ?? null);
  const excluded = useExcludedClothes(
    userId,
    (view.status === 'ready' && view.recommendation.excludedClothesIds) || [],
    exclusions.names,
  );

  // A place picked by name is kept in the profile, so the next visit (and the morning outfit) starts there.
  async function choosePlace(place: Location) {
    weather.choose(place);
    if (!userId) return;
    try {
      setCachedProfile(queryClient, await updateProfile(userId, { location: place }));
    } catch (error) {
      toast.error(writeErrorText(error, ko.places.saveFailed));
    }
  }

  // The copy of this home painted before the app ran goes once this home shows an outfit or what stands in for
  // one; a fresh outfit of today, as shown, is kept as the next visit's copy (lib/first-screen.ts).
  const weatherUnavailable = weather.state.status === 'error' || weather.state.status === 'no-location';
  const settled = view.status === 'ready' || view.status === 'error' || weatherUnavailable;
  useLayoutEffect(() => {
    if (settled) releaseFirstScreen();
  }, [settled]);
  const [searchParams] = useSearchParams();
  const today = !weather.picked && !searchParams.has('date');
  useKeepFirstScreen(
    view.status === 'ready' && !view.lastReceived && today ? userId : undefined,
    view.status === 'ready' ? view.recommendation : null,
  );

  const [registering, setRegistering] = useState(false);
  const feedDialog = useFeedDialog();
  const noPlace = weather.state.status === 'no-location';
  const hasClothes = useHasClothes(userId, noPlace);
  // 'OOTD 등록' works only with a day's weather and a recommended garment to post (docs/product.md §2).
  const canRegister =
    selected !== null &&
    view.status === 'ready' &&
    view.recommendation.clothes.some((piece) => piece.clothesId !== null);

  return (
    <Page title={ko.layout.sidebarRecommendations}>
      <div className="flex flex-col gap-4 sm:gap-8">
        <WeatherHero
          state={weather.state}
          locationNames={weather.locationNames}
          relocating={weather.relocating}
          onRefreshLocation={() => void weather.refresh()}
          onRetry={weather.retry}
          onSelect={weather.select}
          search={weather.search}
          onChoosePlace={(place) => void choosePlace(place)}
          onEnterCoordinates={weather.enterCoordinates}
          onCloseSearch={weather.closeSearch}
        />
        {noPlace && hasClothes !== undefined ? <StartGuide hasClothes={hasClothes} /> : null}
        {userId ? <FeedbackPrompt userId={userId} /> : null}
        <RecommendationPanel
          view={view}
          canRegister={canRegister}
          weatherUnavailable={weatherUnavailable}
          onAnother={another}
          onRetry={retry}
          onRegister={() => setRegistering(true)}
          onExclude={exclusions.exclude}
          excluded={excluded}
          onUndo={exclusions.undo}
          pendingIds={exclusions.pending}
        />
        {/* Under the outfit: the outfit stays on a phone's first screen, and the plan loading later moves nothing. */}
        {userId ? (
          <Suspense fallback={null}>
            <TodayPlan />
          </Suspense>
        ) : null}
      </div>
      <OotdDialog
        open={registering}
        onOpenChange={setRegistering}
        authorId={userId}
        weatherId={selected?.id}
        clothes={view.status === 'ready' ? view.recommendation.clothes : null}
        onViewFeed={feedDialog.show}
      />
      <FeedDetailDialog
        feedId={feedDialog.feed?.id ?? null}
        initialFeed={feedDialog.feed ?? undefined}
        open={feedDialog.open}
        onOpenChange={feedDialog.onOpenChange}
      />
    </Page>
  );
}
