import { useId, useState } from 'react';
import { Bar, BarChart, Cell, LabelList, XAxis, YAxis } from 'recharts';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { ColourDot } from '@/features/clothes/components/bulk-add/colour-dot';
import { isLightSwatch } from '@/features/clothes/utils/colour-swatch';
import { cn } from '@/utils/cn';

export interface CountRow {
  key: string;
  label: string;
  count: number;
  /** The bar's colour (a 색상 option's swatch); the brand colour without one. */
  colour?: string | null;
  /** Whether the label gets its colour swatch in the table. */
  swatch?: boolean;
}

interface CountChartProps {
  title: string;
  /** The first column's header ('종류', '색상'). */
  labelHeader: string;
  rows: readonly CountRow[];
  /** Said instead of a chart when there are no rows. */
  emptyText: string;
}

// SVG attributes take plain colours: index.css's brand-500, ink-soft and line.
const BRAND = '#3182f6';
const INK_SOFT = '#4e5968';
const OUTLINE = '#c9ced4';
const ROW_HEIGHT = 34;

/** `12%`: a row's share of the chart's total, rounded. */
export function shareText(count: number, total: number): string {
  return `${total === 0 ? 0 : Math.round((count / total) * 100)}%`;
}

/**
 * A count per category as horizontal bars (recharts), with the same numbers as a table. The chart is a picture
 * for the eye and is hidden from screen readers; the table is always read by them, and shown on screen with
 * '표로 보기' for anyone who prefers the numbers (docs/api.md §9.4).
 */
export function CountChart({ title, labelHeader, rows, emptyText }: CountChartProps) {
  const [tableShown, setTableShown] = useState(false);
  const ids = { heading: useId(), table: useId() };
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <section
      aria-labelledby={ids.heading}
      className="flex min-w-0 flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-white p-4 sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={ids.heading} className="text-lg font-bold text-ink">
          {title}
        </h2>
        {rows.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={tableShown}
            aria-controls={ids.table}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {tableShown ? ko.clothes.insights.hideTable : ko.clothes.insights.showTable}
          </Button>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="py-6 text-center text-[15px] text-ink-muted">{emptyText}</p>
      ) : (
        <>
          <div aria-hidden="true" data-testid="count-chart" className="min-w-0">
            <BarChart
              responsive
              layout="vertical"
              data={rows.map((row) => ({ ...row }))}
              style={{ width: '100%', height: rows.length * ROW_HEIGHT + 8 }}
              margin={{ top: 4, right: 40, bottom: 4, left: 4 }}
              accessibilityLayer={false}
            >
              <XAxis type="number" hide allowDecimals={false} domain={[0, 'dataMax']} />
              <YAxis
                type="category"
                dataKey="label"
                width={84}
                tickLine={false}
                axisLine={false}
                interval={0}
                tick={{ fontSize: 13, fill: INK_SOFT }}
              />
              <Bar dataKey="count" barSize={18} radius={[0, 6, 6, 0]} isAnimationActive={false}>
                {rows.map((row) => {
                  const fill = row.colour ?? BRAND;
                  return (
                    <Cell key={row.key} fill={fill} stroke={isLightSwatch(fill) ? OUTLINE : undefined} />
                  );
                })}
                <LabelList dataKey="count" position="right" fontSize={13} fill={INK_SOFT} />
              </Bar>
            </BarChart>
          </div>
          {/* A table ignores a 1px width: the wrapper is what sr-only clips while the table is hidden. */}
          <div id={ids.table} className={cn(!tableShown && 'sr-only')}>
            <table className="w-full text-left text-[15px]">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-line text-sm text-ink-muted">
                  <th scope="col" className="py-2 font-bold">
                    {labelHeader}
                  </th>
                  <th scope="col" className="py-2 text-right font-bold">
                    {ko.clothes.insights.count}
                  </th>
                  <th scope="col" className="py-2 text-right font-bold">
                    {ko.clothes.insights.share}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} className="border-b border-line last:border-0">
                    <th scope="row" className="py-2 font-normal text-ink">
                      <span className="inline-flex items-center gap-2">
                        {row.swatch ? <ColourDot value={row.label} /> : null}
                        {row.label}
                      </span>
                    </th>
                    <td className="py-2 text-right text-ink">{ko.clothes.insights.countCell(row.count)}</td>
                    <td className="py-2 text-right text-ink-muted">{shareText(row.count, total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
