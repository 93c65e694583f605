import { z } from 'zod';
import { getText, parseJson } from './http-text.js';
import { kmaBaseTime } from './kma-schedule.js';
import { kmaNumber, kmaPrecipitationMm, kmaPrecipitationType, kmaSky } from './kma-values.js';
import {
  ProviderError,
  type DayValues,
  type ForecastQuery,
  type ForecastSeries,
  type HourValues,
} from './weather-provider.js';

const PAGE_SIZE = 1000;
/** An issue has about a thousand rows; more pages than this means the service is misbehaving. */
const MAX_PAGES = 10;
/** The grid the short-term forecast is defined on (API guide: nx 1–149, ny 1–253). */
export const KMA_GRID = { maxX: 149, maxY: 253 } as const;

const KmaItem = z.object({
  category: z.string(),
  fcstDate: z.string().regex(/^\d{8}$/),
  fcstTime: z.string().regex(/^\d{4}$/),
  fcstValue: z.union([z.string(), z.number()]),
});
type KmaItem = z.infer<typeof KmaItem>;

const KmaResponse = z.object({
  response: z.object({
    header: z.object({ resultCode: z.string(), resultMsg: z.string() }),
    body: z
      .object({
        // An empty page comes back as `"items": ""` rather than an empty list.
        items: z.union([z.object({ item: z.union([z.array(KmaItem), KmaItem]) }), z.literal('')]).optional(),
        totalCount: z.coerce.number().int().min(0),
      })
      .optional(),
  }),
});

/** The data.go.kr gateway answers errors in XML even when JSON was asked for (OpenAPI_ServiceResponse). */
function xmlError(text: string): string {
  const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(text)?.[1]?.trim();
  return tag('returnAuthMsg') ?? tag('resultMsg') ?? tag('errMsg') ?? 'XML error response';
}

function isInGrid(grid: { x: number; y: number }): boolean {
  return grid.x >= 1 && grid.x <= KMA_GRID.maxX && grid.y >= 1 && grid.y <= KMA_GRID.maxY;
}

/** Rows of one page and the total row count. */
function parsePage(status: number, text: string): { items: KmaItem[]; totalCount: number } {
  if (text.trimStart().startsWith('<')) throw new ProviderError('kma', 'rejected', xmlError(text));
  if (status !== 200) throw new ProviderError('kma', 'http', `HTTP ${status}`);
  const parsed = KmaResponse.safeParse(parseJson('kma', text));
  if (!parsed.success) throw new ProviderError('kma', 'invalid', 'unexpected response shape');
  const { header, body } = parsed.data.response;
  if (header.resultCode === '03') throw new ProviderError('kma', 'empty', header.resultMsg);
  if (header.resultCode !== '00')
    throw new ProviderError('kma', 'rejected', `${header.resultCode} ${header.resultMsg}`);
  const item = body?.items ? body.items.item : [];
  return { items: Array.isArray(item) ? item : [item], totalCount: body?.totalCount ?? 0 };
}

const isoDate = (yyyymmdd: string) =>
  `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

/** The rows of one issue → a series keyed by local hours, TMN/TMX as daily extremes. */
export function seriesOfKmaItems(items: readonly KmaItem[], issuedAt: Date): ForecastSeries {
  const hours = new Map<string, HourValues>();
  const days = new Map<string, DayValues>();
  for (const item of items) {
    const date = isoDate(item.fcstDate);
    const key = `${date}T${item.fcstTime.slice(0, 2)}`;
    const raw = String(item.fcstValue);
    if (item.category === 'TMN' || item.category === 'TMX') {
      const value = kmaNumber(raw);
      if (value === undefined) continue;
      const day = days.get(date) ?? {};
      if (item.category === 'TMN') day.min = value;
      else day.max = value;
      days.set(date, day);
      continue;
    }
    const hour = hours.get(key) ?? {};
    switch (item.category) {
      case 'TMP':
        hour.temperature = kmaNumber(raw);
        break;
      case 'REH':
        hour.humidity = kmaNumber(raw);
        break;
      case 'POP':
        hour.precipitationProbability = kmaNumber(raw);
        break;
      case 'PCP':
        hour.precipitation = kmaPrecipitationMm(raw);
        break;
      case 'PTY':
        hour.precipitationType = kmaPrecipitationType(kmaNumber(raw));
        break;
      case 'SKY':
        hour.sky = kmaSky(kmaNumber(raw));
        break;
      case 'WSD':
        hour.windSpeed = kmaNumber(raw);
        break;
      default:
        continue; // UUU, VVV, VEC, WAV, SNO: not part of a WeatherDto
    }
    hours.set(key, hour);
  }
  if (![...hours.values()].some((h) => h.temperature !== undefined)) {
    throw new ProviderError('kma', 'empty', 'no temperatures in the issue');
  }
  return { source: 'kma', issuedAt, hours, days };
}

export interface KmaOptions {
  baseUrl: string;
  /** The portal key, either form: an already URL-encoded key ("Encoding") is sent as is. */
  serviceKey: string;
  timeoutMs: number;
}

/** 기상청 단기예보 `getVilageFcst`: the newest issue for a grid cell, every page of it. */
export function createKmaVillageClient(options: KmaOptions) {
  const key = options.serviceKey.includes('%') ? options.serviceKey : encodeURIComponent(options.serviceKey);
  return {
    isInGrid,
    async fetchSeries(query: ForecastQuery): Promise<ForecastSeries> {
      if (!isInGrid(query.grid)) throw new ProviderError('kma', 'empty', 'outside the KMA grid');
      const base = kmaBaseTime(query.now);
      // One deadline for the whole issue, however many pages it has.
      const deadline = AbortSignal.timeout(options.timeoutMs);
      const signal = query.signal ? AbortSignal.any([deadline, query.signal]) : deadline;
      const page = async (pageNo: number) => {
        const params = new URLSearchParams({
          pageNo: String(pageNo),
          numOfRows: String(PAGE_SIZE),
          dataType: 'JSON',
          base_date: base.baseDate,
          base_time: base.baseTime,
          nx: String(query.grid.x),
          ny: String(query.grid.y),
        });
        const res = await getText('kma', `${options.baseUrl}/getVilageFcst?serviceKey=${key}&${params}`, {
          timeoutMs: options.timeoutMs,
          signal,
        });
        return parsePage(res.status, res.text);
      };
      const first = await page(1);
      const pages = Math.min(MAX_PAGES, Math.ceil(first.totalCount / PAGE_SIZE));
      const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page(i + 2)));
      const items = [first, ...rest].flatMap((p) => p.items);
      if (items.length === 0) throw new ProviderError('kma', 'empty', 'no rows');
      return seriesOfKmaItems(items, base.issuedAt);
    },
  };
}
export type KmaVillageClient = ReturnType<typeof createKmaVillageClient>;
