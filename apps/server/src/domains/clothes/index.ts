export { clothesRoutes } from './clothes.routes.js';
export { attributeDefsRoutes } from './attribute-defs.routes.js';
export { extractionRoutes } from './extraction/extraction.routes.js';
export {
  closetGarments,
  clothesAttributesOf,
  createClothesRepo,
  type ClothesRepo,
  type GarmentWithAttributes,
} from './clothes.repo.js';
export { createClothesService, type ClothesService, type ClothesWithAttributes } from './clothes.service.js';
export { createAttributeDefsRepo, type AttributeDefsRepo } from './attribute-defs.repo.js';
export { createAttributeDefsService, type AttributeDefsService } from './attribute-defs.service.js';
export { createExtractionService, type ExtractionService } from './extraction/extraction.service.js';
export { createImportsSweeper } from './extraction/imports-sweeper.js';
export { toClothesDto, toOotdDto, type OotdGarment } from './clothes.mapper.js';
// Issue 17: photo analysis, batch edit, the closet report, export and import (docs/api.md §9.4–9.7).
export { analysisRoutes } from './analysis/analysis.routes.js';
export { createAnalysisService, type AnalysisService } from './analysis/analysis.service.js';
export { batchRoutes } from './batch/batch.routes.js';
export { createBatchRepo } from './batch/batch.repo.js';
export { createBatchService, type BatchService } from './batch/batch.service.js';
export { insightsRoutes } from './insights/insights.routes.js';
export { createInsightsRepo } from './insights/insights.repo.js';
export { createInsightsService, type InsightsService } from './insights/insights.service.js';
export { transferRoutes } from './transfer/transfer.routes.js';
export { createTransferRepo } from './transfer/transfer.repo.js';
export { createTransferService, type TransferService } from './transfer/transfer.service.js';
