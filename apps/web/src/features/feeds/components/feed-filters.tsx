import { useCallback } from 'react';
import { SKY_STATUSES, ko, type PrecipitationType, type SkyStatus } from '@otboo/contract';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import type { FeedFilterParams } from '@/features/feeds/hooks/use-feed-list';
import { useDebouncedSearch } from '@/hooks/use-debounced-search';

/** The feed search waits this long after the last key stroke (docs/product.md §9). */
export const FEED_SEARCH_DEBOUNCE_MS = 300;

const ALL = 'ALL';
// The sky filter lists 맑음, 구름많음, 흐림 in that order (clear to overcast).
const SKY_OPTIONS = [
  { value: ALL, label: ko.feeds.skyAll },
  ...SKY_STATUSES.map((sky) => ({ value: sky, label: ko.weather.sky[sky] })),
];
// Precipitation in the spec's order: 없음, 비, 눈, 비/눈, 소나기.
const PRECIPITATION_OPTIONS = [
  { value: ALL, label: ko.feeds.precipitationAll },
  ...(['NONE', 'RAIN', 'SNOW', 'RAIN_SNOW', 'SHOWER'] as const satisfies readonly PrecipitationType[]).map(
    (type) => ({
      value: type,
      label: ko.weather.precipitation[type],
    }),
  ),
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
  const search = useCallback((keywordLike: string | undefined) => onChange({ keywordLike }), [onChange]);
  const [keyword, setKeyword] = useDebouncedSearch(params.keywordLike, search, FEED_SEARCH_DEBOUNCE_MS);

  return (
    <div className="flex flex-wrap items-center gap-3">
      <SearchInput
        label={ko.feeds.searchLabel}
        placeholder={ko.feeds.searchPlaceholder}
        value={keyword}
        maxLength={100}
        onChange={(e) => setKeyword(e.target.value)}
        className="min-w-64 flex-1"
      />
      <Select
        aria-label={ko.feeds.skyFilter}
        value={params.skyStatusEqual ?? ALL}
        options={SKY_OPTIONS}
        onValueChange={(value) =>
          onChange({ skyStatusEqual: value === ALL ? undefined : (value as SkyStatus) })
        }
      />
      <Select
        aria-label={ko.feeds.precipitationFilter}
        value={params.precipitationTypeEqual ?? ALL}
        options={PRECIPITATION_OPTIONS}
        onValueChange={(value) =>
          onChange({ precipitationTypeEqual: value === ALL ? undefined : (value as PrecipitationType) })
        }
      />
      <Select
        aria-label={ko.feeds.sortLabel}
        value={params.sortBy ?? 'createdAt'}
        options={SORT_OPTIONS}
        onValueChange={(value) =>
          onChange({ sortBy: value as FeedFilterParams['sortBy'], sortDirection: 'DESCENDING' })
        }
        className="min-w-32"
      />
    </div>
  );
}
