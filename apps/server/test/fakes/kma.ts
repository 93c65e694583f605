import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mildScenario, type FakeHour, type FakeScenario } from './open-meteo.js';

/**
 * A loopback 기상청 단기예보 service (`/1360000/VilageFcstInfoService_2.0/getVilageFcst`) in the real
 * formats: the JSON envelope `response.header.resultCode/resultMsg`, `response.body.items.item[]` with
 * string `fcstValue`s, `pageNo/numOfRows/totalCount` paging, `{"resultCode":"03","resultMsg":"NO_DATA"}`, and
 * the data.go.kr gateway's XML `OpenAPI_ServiceResponse` for an unknown service key.
 */

export const KMA_PATH = '/1360000/VilageFcstInfoService_2.0';
/** Category order of a real issue, per forecast hour. */
const CATEGORIES = [
  'TMP',
  'UUU',
  'VVV',
  'VEC',
  'WSD',
  'SKY',
  'PTY',
  'POP',
  'WAV',
  'PCP',
  'REH',
  'SNO',
] as const;

export type KmaFakeMode = 'ok' | 'no-data' | 'error500' | 'garbage' | 'hang';

const KEY_ERROR_XML =
  '<OpenAPI_ServiceResponse>\n\t<cmmMsgHeader>\n\t\t<errMsg>SERVICE ERROR</errMsg>\n\t\t<returnAuthMsg>SERVICE_KEY_IS_NOT_REGISTERED_ERROR</returnAuthMsg>\n\t\t<returnReasonCode>30</returnReasonCode>\n\t</cmmMsgHeader>\n</OpenAPI_ServiceResponse>';

/** PCP as the service writes it. */
export function pcpText(mm: number): string {
  if (mm <= 0) return '강수없음';
  if (mm < 1) return '1mm 미만';
  if (mm < 30) return `${mm.toFixed(1)}mm`;
  if (mm < 50) return '30.0~50.0mm';
  return '50.0mm 이상';
}

const ptyOf = (code: number) =>
  code >= 51 && code <= 67
    ? 1
    : (code >= 71 && code <= 77) || code === 85 || code === 86
      ? 3
      : code >= 80
        ? 4
        : 0;
const skyOf = (cloud: number) => (Math.round(cloud / 10) <= 5 ? 1 : Math.round(cloud / 10) <= 8 ? 3 : 4);

function valueOf(category: (typeof CATEGORIES)[number], h: FakeHour): string {
  switch (category) {
    case 'TMP':
      return String(Math.round(h.temperature));
    case 'UUU':
      return (-h.wind * 0.6).toFixed(1);
    case 'VVV':
      return (h.wind * 0.8).toFixed(1);
    case 'VEC':
      return '143';
    case 'WSD':
      return h.wind.toFixed(1);
    case 'SKY':
      return String(skyOf(h.cloudCover));
    case 'PTY':
      return String(ptyOf(h.code));
    case 'POP':
      return String(h.precipitationProbability);
    case 'WAV':
      return '0';
    case 'PCP':
      return pcpText(h.precipitation);
    case 'REH':
      return String(Math.round(h.humidity));
    case 'SNO':
      return '적설없음';
  }
}

const KST_MS = 9 * 3_600_000;
const isoOf = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
const compact = (iso: string) => iso.replaceAll('-', '');
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dayOffsetOf = (date: string, now: number) =>
  Math.round(
    (Date.parse(`${date}T00:00:00Z`) -
      Date.parse(`${new Date(now + KST_MS).toISOString().slice(0, 10)}T00:00:00Z`)) /
      86_400_000,
  );

/** Every row of one issue: from the hour after the base time to the end of the third day after it. */
export function kmaItems(
  baseDate: string,
  baseTime: string,
  nx: number,
  ny: number,
  scenario: FakeScenario,
  now = Date.now(),
) {
  const items: Record<string, string | number>[] = [];
  const base = isoOf(baseDate);
  const baseHour = Number(baseTime.slice(0, 2));
  for (let d = 0; d <= 3; d++) {
    const date = addDays(base, d);
    const offset = dayOffsetOf(date, now);
    const day = Array.from({ length: 24 }, (_, h) => scenario(offset, h));
    for (let h = d === 0 ? baseHour + 1 : 0; h < 24; h++) {
      const fcstTime = `${String(h).padStart(2, '0')}00`;
      const row = (category: string, fcstValue: string) =>
        items.push({ baseDate, baseTime, category, fcstDate: compact(date), fcstTime, fcstValue, nx, ny });
      for (const category of CATEGORIES) {
        row(category, valueOf(category, day[h]!));
        if (category === 'SNO' && h === 6) row('TMN', Math.min(...day.map((x) => x.temperature)).toFixed(1));
        if (category === 'SNO' && h === 15) row('TMX', Math.max(...day.map((x) => x.temperature)).toFixed(1));
      }
    }
  }
  return items;
}

export interface KmaFake {
  /** Base URL for KMA_URL. */
  url: string;
  /** Page requests received. */
  calls: number;
  requests: URL[];
  mode: KmaFakeMode;
  scenario: FakeScenario;
  /** The only key the fake accepts. */
  serviceKey: string;
  close(): Promise<void>;
}

/** Starts the fake on 127.0.0.1 (loopback only). */
export async function startKmaFake(options: {
  serviceKey: string;
  scenario?: FakeScenario;
}): Promise<KmaFake> {
  const fake: KmaFake = {
    url: '',
    calls: 0,
    requests: [],
    mode: 'ok',
    scenario: options.scenario ?? mildScenario,
    serviceKey: options.serviceKey,
    close: async () => {},
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== `${KMA_PATH}/getVilageFcst`) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    fake.calls += 1;
    fake.requests.push(url);
    const json = (body: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
    const q = url.searchParams;
    if (q.get('serviceKey') !== fake.serviceKey) {
      res.writeHead(200, { 'content-type': 'text/xml;charset=UTF-8' }).end(KEY_ERROR_XML);
      return;
    }
    switch (fake.mode) {
      case 'hang':
        return;
      case 'error500':
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Unexpected errors');
        return;
      case 'garbage':
        res
          .writeHead(200, { 'content-type': 'application/json;charset=UTF-8' })
          .end('{"response":{"header":{"resultCode":"00"');
        return;
      case 'no-data':
        json({ response: { header: { resultCode: '03', resultMsg: 'NO_DATA' } } });
        return;
      default: {
        const all = kmaItems(
          q.get('base_date')!,
          q.get('base_time')!,
          Number(q.get('nx')),
          Number(q.get('ny')),
          fake.scenario,
        );
        const numOfRows = Number(q.get('numOfRows') ?? 10);
        const pageNo = Number(q.get('pageNo') ?? 1);
        const item = all.slice((pageNo - 1) * numOfRows, pageNo * numOfRows);
        json({
          response: {
            header: { resultCode: '00', resultMsg: 'NORMAL_SERVICE' },
            body: { dataType: 'JSON', items: { item }, pageNo, numOfRows, totalCount: all.length },
          },
        });
      }
    }
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${KMA_PATH}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
