import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SKY_STATUSES, ko, type PrecipitationType, type SkyStatus } from '@otboo/contract';
import { Select } from '@/components/ui/select';
import type { FeedFilterParams } from '@/features/feeds/stores/feed-list-store';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** The feed search waits this long after the last key stroke (spec §9). */
export const FEED_SEARCH_DEBOUNCE_MS = 300;

const ALL = 'ALL';
// The sky filter lists 맑음, 구름많음, 흐림 in that order (clear to overcast).
const SKY_OPTIONS = [{ value: ALL, label: ko.feeds.skyAll }, ...SKY_STATUSES.map((sky) => ({ value: sky, label: ko.weather.sky[sky] }))];
// Precipitation in the spec's order: 없음, 비, 눈, 비/눈, 소나기.
const PRECIPITATION_OPTIONS = [
  { value: ALL, label: ko.feeds.precipitationAll },
  ...(['NONE', 'RAIN', 'SNOW', 'RAIN_SNOW', 'SHOWER'] as const satisfies readonly PrecipitationType[]).map((type) => ({
    value: type,
    label: ko.weather.precipitation[type],
  })),
];
const SORT_OPTIONS = [
  { value: 'createdAt', label: ko.feeds.sortNewest },
  { value: 'likeCount', label: ko.feeds.sortMostLiked },
];

interface FeedFiltersProps {
  params: FeedFilterParams;
  onChange(patch: Partial<FeedFilterParams>): void;
}

/** Keyword search (debounced), sky and precipitation filters and the sort order of the feed list. */
export function FeedFilters({ params, onChange }: FeedFiltersProps) {
  const [keyword, setKeyword] = useState(params.keywordLike ?? '');
  const debounced = useDebouncedValue(keyword.trim(), FEED_SEARCH_DEBOUNCE_MS);
  const applied = params.keywordLike ?? '';

  useEffect(() => {
    if (debounced !== applied) onChange({ keywordLike: debounced === '' ? undefined : debounced });
  }, [debounced, applied, onChange]);

  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className="relative min-w-64 flex-1">
        <span className="sr-only">{ko.feeds.searchLabel}</span>
        <Search className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-ink-muted" aria-hidden />
        <input
          type="search"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder={ko.feeds.searchPlaceholder}
          maxLength={100}
          className="h-11 w-full rounded-xl border border-line bg-white pr-4 pl-11 text-[15px] placeholder:text-ink-muted focus:border-brand-500 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-100"
        />
      </label>
      <Select
        aria-label={ko.feeds.skyFilter}
        value={params.skyStatusEqual ?? ALL}
        options={SKY_OPTIONS}
        onValueChange={(value) => onChange({ skyStatusEqual: value === ALL ? undefined : (value as SkyStatus) })}
      />
      <Select
        aria-label={ko.feeds.precipitationFilter}
        value={params.precipitationTypeEqual ?? ALL}
        options={PRECIPITATION_OPTIONS}
        onValueChange={(value) => onChange({ precipitationTypeEqual: value === ALL ? undefined : (value as PrecipitationType) })}
      />
      <Select
        aria-label={ko.feeds.sortLabel}
        value={params.sortBy ?? 'createdAt'}
        options={SORT_OPTIONS}
        onValueChange={(value) => onChange({ sortBy: value as FeedFilterParams['sortBy'], sortDirection: 'DESCENDING' })}
        className="min-w-32"
      />
    </div>
  );
}
