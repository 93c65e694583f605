import { CLOTHES_TYPES, ko, type ClosetInsightsDto } from '@otboo/contract';
import { CountChart, type CountRow } from '@/features/clothes/components/insights/count-chart';
import { SeasonGaps } from '@/features/clothes/components/insights/season-gaps';
import { ValueLists } from '@/features/clothes/components/insights/value-lists';
import { WearLists } from '@/features/clothes/components/insights/wear-lists';
import { colourSwatch } from '@/features/clothes/utils/colour-swatch';

/** Most first; ties in the order of the type tabs. */
export function typeRows(byType: ClosetInsightsDto['byType']): CountRow[] {
  return byType
    .filter((row) => row.count > 0)
    .sort((a, b) => b.count - a.count || CLOTHES_TYPES.indexOf(a.type) - CLOTHES_TYPES.indexOf(b.type))
    .map((row) => ({ key: row.type, label: ko.clothes.types[row.type], count: row.count }));
}

/** Most first; ties by name. Each bar in its colour where the option names one. */
export function colourRows(byColor: ClosetInsightsDto['byColor']): CountRow[] {
  return byColor
    .filter((row) => row.count > 0)
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'ko'))
    .map((row) => ({
      key: row.value,
      label: row.value,
      count: row.count,
      colour: colourSwatch(row.value),
      swatch: true,
    }));
}

/**
 * '옷장 리포트' (docs/api.md §9.4): how many garments, by type and by colour (charts with their tables), how much
 * each is worn, the weather the closet cannot dress for, and what the priced pieces cost per wear (§10).
 */
export function ClosetReport({ insights }: { insights: ClosetInsightsDto }) {
  return (
    <div className="flex flex-col gap-4 lg:gap-6">
      <p className="text-[15px] text-ink-soft">
        <span className="text-2xl font-bold text-ink">{ko.clothes.insights.total(insights.totalCount)}</span>
      </p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:gap-6">
        <CountChart
          title={ko.clothes.insights.byType}
          labelHeader={ko.clothes.type}
          rows={typeRows(insights.byType)}
          emptyText={ko.clothes.insights.empty}
        />
        <CountChart
          title={ko.clothes.insights.byColor}
          labelHeader={ko.clothes.insights.colour}
          rows={colourRows(insights.byColor)}
          emptyText={ko.clothes.insights.noColour}
        />
      </div>
      <SeasonGaps gaps={insights.gaps} />
      <WearLists insights={insights} />
      {insights.value ? <ValueLists value={insights.value} /> : null}
    </div>
  );
}
