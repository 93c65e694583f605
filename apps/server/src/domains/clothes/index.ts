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
