import { z } from 'zod';
import type { ReverseGeocoder } from './reverse-geocoder.js';

const RegionDocument = z.object({
  region_type: z.string(),
  region_1depth_name: z.string().optional(),
  region_2depth_name: z.string().optional(),
  region_3depth_name: z.string().optional(),
  region_4depth_name: z.string().optional(),
});
const RegionResponse = z.object({ documents: z.array(RegionDocument) });

const MAX_BODY_CHARS = 64 * 1024;

export class GeocoderError extends Error {}

export interface KakaoLocalOptions {
  baseUrl: string;
  restApiKey: string;
  timeoutMs: number;
}

/**
 * Kakao Local `coord2regioncode`: of the two documents it returns, the administrative one (region_type
 * "H", 행정동) names the place the way KMA's region table does.
 */
export function createKakaoLocalGeocoder(options: KakaoLocalOptions): ReverseGeocoder {
  return {
    async regionNames(latitude, longitude) {
      const params = new URLSearchParams({ x: String(longitude), y: String(latitude) });
      let res: Response;
      let text: string;
      try {
        res = await fetch(`${options.baseUrl}/v2/local/geo/coord2regioncode.json?${params}`, {
          headers: { authorization: `KakaoAK ${options.restApiKey}`, accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'error',
        });
        text = await res.text();
      } catch (err) {
        throw new GeocoderError(`kakao local: ${(err as Error).message}`);
      }
      // Errors come as {"errorType": "...", "message": "..."} with a 4xx/5xx status.
      if (res.status !== 200)
        throw new GeocoderError(`kakao local: HTTP ${res.status} ${text.slice(0, 200)}`);
      if (text.length > MAX_BODY_CHARS) throw new GeocoderError('kakao local: body too large');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new GeocoderError('kakao local: body is not JSON');
      }
      const parsed = RegionResponse.safeParse(body);
      if (!parsed.success) throw new GeocoderError('kakao local: unexpected response shape');
      const doc = parsed.data.documents.find((d) => d.region_type === 'H');
      if (!doc) return null;
      const names = [
        doc.region_1depth_name,
        doc.region_2depth_name,
        doc.region_3depth_name,
        doc.region_4depth_name,
      ]
        .map((n) => n?.trim() ?? '')
        .filter((n, i, all) => n !== '' && n !== all[i - 1]);
      return names.length > 0 ? names : null;
    },
  };
}
