import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback Kakao Local `coord2regioncode` in the real format: `{"meta":{"total_count":2},"documents":[B, H]}`
 * with both the 법정동 (B) and 행정동 (H) documents, and `{"errorType":"AccessDeniedError",…}` 401s for a
 * wrong `Authorization: KakaoAK` key.
 */

export type KakaoFakeMode = 'ok' | 'error500' | 'garbage' | 'no-documents';

export interface KakaoFake {
  url: string;
  calls: number;
  requests: URL[];
  mode: KakaoFakeMode;
  /** The 행정동 answered for every point. */
  names: [string, string, string];
  close(): Promise<void>;
}

export async function startKakaoLocalFake(options: { restApiKey: string }): Promise<KakaoFake> {
  const fake: KakaoFake = {
    url: '',
    calls: 0,
    requests: [],
    mode: 'ok',
    names: ['서울특별시', '중구', '명동'],
    close: async () => {},
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
    if (url.pathname !== '/v2/local/geo/coord2regioncode.json') {
      json(404, { errorType: 'NotFound', message: 'not found' });
      return;
    }
    fake.calls += 1;
    fake.requests.push(url);
    if (req.headers.authorization !== `KakaoAK ${options.restApiKey}`) {
      json(401, { errorType: 'AccessDeniedError', message: 'wrong appKey format' });
      return;
    }
    const x = Number(url.searchParams.get('x'));
    const y = Number(url.searchParams.get('y'));
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      json(400, { errorType: 'InvalidArgument', message: 'x is invalid' });
      return;
    }
    switch (fake.mode) {
      case 'error500':
        json(500, { errorType: 'InternalServerError', message: 'internal error' });
        return;
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' }).end('<html>oops</html>');
        return;
      case 'no-documents':
        json(200, { meta: { total_count: 0 }, documents: [] });
        return;
      default: {
        const [r1, r2, r3] = fake.names;
        json(200, {
          meta: { total_count: 2 },
          documents: [
            {
              region_type: 'B',
              code: '1114012300',
              address_name: `${r1} ${r2} ${r3}1가`,
              region_1depth_name: r1,
              region_2depth_name: r2,
              region_3depth_name: `${r3}1가`,
              region_4depth_name: '',
              x,
              y,
            },
            {
              region_type: 'H',
              code: '1114055000',
              address_name: `${r1} ${r2} ${r3}`,
              region_1depth_name: r1,
              region_2depth_name: r2,
              region_3depth_name: r3,
              region_4depth_name: '',
              x,
              y,
            },
          ],
        });
      }
    }
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
