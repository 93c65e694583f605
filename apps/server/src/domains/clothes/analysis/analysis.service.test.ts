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
const actor = { userId: 'u1', role: 'USER' } as never;

describe('photo analysis admission', () => {
  it('admits a bounded number at once and answers the rest 503 with Retry-After and Korean text', async () => {
    const service = createAnalysisService({ db: {} as Db, attributeDefsRepo: repo, maxInFlight: 2 });
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 38, b: 80 } },
    })
      .jpeg()
      .toBuffer();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => service.analyse(actor, photo, 'coat.jpg')),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        statusCode: 503,
        message: ko.clothes.analysis.busy,
        headers: { 'retry-after': '1' },
      });
    // Once they are done, the next one is admitted again.
    await expect(service.analyse(actor, photo, 'coat.jpg')).resolves.toMatchObject({ type: 'OUTER' });
  });
});
