import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ko } from '@otboo/contract';
import type { Db } from '../../../db/client.js';
import type { AttributeDefsRepo } from '../attribute-defs.repo.js';
import { createAnalysisService } from './analysis.service.js';

const definitions = [
  {
    id: 'd1',
    name: '색상',
    selectableValues: ['블랙', '네이비', '멀티'],
    createdAt: new Date(),
    updatedAt: new Date(),
  },
];
const repo = { list: async () => definitions } as unknown as AttributeDefsRepo;
const actor = (userId: string) => ({ userId, role: 'USER' }) as never;

describe('photo analysis admission', () => {
  it('admits a bounded number per user (429 past it) and for everybody (503 past it), with Retry-After and Korean text', async () => {
    const service = createAnalysisService({
      db: {} as Db,
      attributeDefsRepo: repo,
      maxPerUser: 2,
      maxInFlight: 3,
    });
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 38, b: 80 } },
    })
      .jpeg()
      .toBuffer();
    const flood = Array.from({ length: 8 }, () => service.analyse(actor('u1'), photo, 'coat.jpg'));
    // Another user is admitted while the first one's share is full; a third finds everybody's share full.
    const [other, third, ...results] = await Promise.allSettled([
      service.analyse(actor('u2'), photo, 'coat.jpg'),
      service.analyse(actor('u3'), photo, 'coat.jpg'),
      ...flood,
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        statusCode: 429,
        exceptionName: 'AnalysisBusyException',
        message: ko.clothes.analysis.busy,
        headers: { 'retry-after': '1' },
      });
    expect(other).toMatchObject({ status: 'fulfilled', value: { type: 'OUTER' } });
    expect((third as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 503,
      message: ko.clothes.analysis.busy,
      headers: { 'retry-after': '1' },
    });
    // Once they are done, the next one is admitted again.
    await expect(service.analyse(actor('u1'), photo, 'coat.jpg')).resolves.toMatchObject({ type: 'OUTER' });
  });
});
