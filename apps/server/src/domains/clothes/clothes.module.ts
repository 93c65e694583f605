import { createPageFetcher } from '../../adapters/page-fetcher/page-fetcher.js';
import type { Executor } from '../../db/client.js';
import type { ClothesAttributeDto } from '@otboo/contract';
import type { SQL } from 'drizzle-orm';
import type { Lifecycle, Module, ModuleDeps, Routes } from '../../lib/modules.js';
import type { Notifier } from '../notifications/index.js';
import { analysisRoutes } from './analysis/analysis.routes.js';
import { createAnalysisService } from './analysis/analysis.service.js';
import { createAttributeDefsRepo } from './attribute-defs.repo.js';
import { attributeDefsRoutes } from './attribute-defs.routes.js';
import { createAttributeDefsService } from './attribute-defs.service.js';
import { createBatchRepo } from './batch/batch.repo.js';
import { batchRoutes } from './batch/batch.routes.js';
import { createBatchService } from './batch/batch.service.js';
import {
  closetGarments,
  closetVersionSql,
  clothesAttributesOf,
  createClothesRepo,
  type GarmentWithAttributes,
} from './clothes.repo.js';
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

export type { GarmentWithAttributes };

export interface ClothesModuleDeps extends ModuleDeps {
  notifier: Notifier;
  /** The closet report's season gaps, from the recommendations module's api. */
  closetGaps: InsightsServiceDeps['closetGaps'];
}

/** What other domains use of the closet. */
export interface ClothesApi {
  /** Every garment of the owner's closet (archived pieces left out) with its attributes, in one round trip. */
  closet(ownerId: string): Promise<GarmentWithAttributes[]>;
  /**
   * A key that changes whenever the owner's closet or the attribute definitions change (the recommender's cache),
   * as an expression the caller reads in its own statement: one round trip for the recommender's whole state.
   */
  closetVersionSql(ownerId: string): SQL<string>;
  /** Attribute values with their definitions, per garment; `executor` joins the caller's transaction. */
  attributesOf(
    executor: Executor,
    clothesIds: readonly string[],
  ): Promise<Map<string, ClothesAttributeDto[]>>;
}

/**
 * The closet, everything under `/api/clothes`: garments, attribute definitions (seeded with the defaults at first
 * start), link import (and the sweeper of its unused photos), and the closet tools of docs/api.md §9.4–9.7 (photo
 * analysis, batch edit, the closet report, export and import) and its life of §10 (availability, the archive).
 */
export async function createClothesModule({
  db,
  log,
  config,
  notifier,
  storage,
  pages,
  jobLock,
  closetGaps,
}: ClothesModuleDeps): Promise<Module<ClothesApi>> {
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
    // IMPORT_TEMP_DISK_MB
    tempDiskBytes: config.closetImport.tempDiskBytes,
  });
  const extraction = createExtractionService({
    db,
    fetcher: createPageFetcher(pages),
    storage,
    attributeDefsRepo,
    log,
  });
  const importsSweeper = createImportsSweeper({ storage, jobLock, log });

  const routes: Routes = async (app) => {
    const under = (path = '') => ({ prefix: `/api/clothes${path}` });
    await app.register(clothesRoutes, { ...under(), clothes });
    // PUT /{id}/availability, POST /{id}/archive, POST /{id}/restore
    await app.register(lifeRoutes, { ...under(), life });
    await app.register(attributeDefsRoutes, { ...under('/attribute-defs'), attributeDefs });
    await app.register(extractionRoutes, { ...under('/extractions'), extraction });
    await app.register(analysisRoutes, { ...under('/analyses'), analysis });
    await app.register(batchRoutes, { ...under('/batch'), batch });
    await app.register(insightsRoutes, { ...under('/insights'), insights });
    // GET /export, POST /import
    await app.register(transferRoutes, { ...under(), transfer });
  };
  const lifecycle: Lifecycle = {
    async bootstrap() {
      await attributeDefs.seedDefaults();
    },
    start: importsSweeper.start,
    stop: importsSweeper.stop,
  };
  const api: ClothesApi = {
    closet: (ownerId) => closetGarments(db, ownerId),
    closetVersionSql,
    attributesOf: clothesAttributesOf,
  };
  return { api, routes, lifecycle };
}
