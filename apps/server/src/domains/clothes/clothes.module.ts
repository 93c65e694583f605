import type { Storage } from '../../adapters/storage/storage.js';
import { createPageFetcher, type PageFetcherOptions } from '../../adapters/page-fetcher/page-fetcher.js';
import type { JobLock } from '../../lib/job-lock.js';
import type { Lifecycle, ModuleDeps, Routes } from '../../lib/modules.js';
import type { Notifier } from '../notifications/index.js';
import { analysisRoutes } from './analysis/analysis.routes.js';
import { createAnalysisService } from './analysis/analysis.service.js';
import { createAttributeDefsRepo } from './attribute-defs.repo.js';
import { attributeDefsRoutes } from './attribute-defs.routes.js';
import { createAttributeDefsService } from './attribute-defs.service.js';
import { createBatchRepo } from './batch/batch.repo.js';
import { batchRoutes } from './batch/batch.routes.js';
import { createBatchService } from './batch/batch.service.js';
import { createClothesRepo } from './clothes.repo.js';
import { clothesRoutes } from './clothes.routes.js';
import { createClothesService } from './clothes.service.js';
import { extractionRoutes } from './extraction/extraction.routes.js';
import { createExtractionService } from './extraction/extraction.service.js';
import { createImportsSweeper } from './extraction/imports-sweeper.js';
import { lifeRoutes } from './life/life.routes.js';
import { createLifeService } from './life/life.service.js';
import { createInsightsRepo } from './insights/insights.repo.js';
import { insightsRoutes } from './insights/insights.routes.js';
import { createInsightsService, type InsightsServiceDeps } from './insights/insights.service.js';
import { createTransferRepo } from './transfer/transfer.repo.js';
import { transferRoutes } from './transfer/transfer.routes.js';
import { createTransferService } from './transfer/transfer.service.js';

export interface ClothesModuleDeps extends ModuleDeps {
  notifier: Notifier;
  storage: Storage;
  /** Link import's page fetching (LINK_IMPORT_ALLOW_PRIVATE; tests keep every connection on loopback). */
  pages: Pick<PageFetcherOptions, 'allowPrivate' | 'connect'>;
  /** The imports sweeper runs on one instance at a time. */
  jobLock: JobLock;
  /** The closet report's season gaps, from the recommendations module. */
  closetGaps: InsightsServiceDeps['closetGaps'];
  /** Closet import limits (IMPORT_TEMP_DISK_MB). */
  closetImport: { tempDiskBytes: number };
}

/**
 * The closet: garments, attribute definitions (seeded with the defaults at first start), link import (and the
 * sweeper of its unused photos), and the closet tools of docs/api.md §9.4–9.7 (photo analysis, batch edit,
 * the closet report, export and import) and its life of §10 (availability, the archive).
 */
export function createClothesModule({
  db,
  log,
  notifier,
  storage,
  pages,
  jobLock,
  closetGaps,
  closetImport,
}: ClothesModuleDeps) {
  const attributeDefsRepo = createAttributeDefsRepo();
  const attributeDefs = createAttributeDefsService({ db, repo: attributeDefsRepo, notifier, log });
  const clothesRepo = createClothesRepo();
  const clothes = createClothesService({ db, repo: clothesRepo, attributeDefsRepo, storage, log });
  const life = createLifeService({ db, repo: clothesRepo });
  const analysis = createAnalysisService({ db, attributeDefsRepo });
  const batch = createBatchService({ db, repo: createBatchRepo(), attributeDefsRepo });
  const insights = createInsightsService({ db, repo: createInsightsRepo(), closetGaps });
  const transfer = createTransferService({
    db,
    repo: createTransferRepo(),
    attributeDefsRepo,
    storage,
    log,
    tempDiskBytes: closetImport.tempDiskBytes,
  });
  const extraction = createExtractionService({
    db,
    fetcher: createPageFetcher(pages),
    storage,
    attributeDefsRepo,
    log,
  });
  const importsSweeper = createImportsSweeper({ storage, jobLock, log });

  /** Everything under `/api/clothes`. */
  const routes: Routes = async (app) => {
    await app.register(clothesRoutes, { clothes });
    // PUT /{id}/availability, POST /{id}/archive, POST /{id}/restore
    await app.register(lifeRoutes, { life });
    await app.register(attributeDefsRoutes, { prefix: '/attribute-defs', attributeDefs });
    await app.register(extractionRoutes, { prefix: '/extractions', extraction });
    await app.register(analysisRoutes, { prefix: '/analyses', analysis });
    await app.register(batchRoutes, { prefix: '/batch', batch });
    await app.register(insightsRoutes, { prefix: '/insights', insights });
    // GET /export, POST /import
    await app.register(transferRoutes, { transfer });
  };
  const lifecycle: Lifecycle = {
    async bootstrap() {
      await attributeDefs.seedDefaults();
    },
    start: importsSweeper.start,
    stop: importsSweeper.stop,
  };
  return { clothes, life, attributeDefs, analysis, batch, insights, transfer, extraction, routes, lifecycle };
}
