export { clothesRoutes } from './clothes.routes.js';
export { attributeDefsRoutes } from './attribute-defs.routes.js';
export { extractionRoutes } from './extraction/extraction.routes.js';
export { createClothesRepo, type ClothesRepo } from './clothes.repo.js';
export { createClothesService, type ClothesService, type ClothesWithAttributes } from './clothes.service.js';
export { createAttributeDefsRepo, type AttributeDefsRepo } from './attribute-defs.repo.js';
export { createAttributeDefsService, type AttributeDefsService } from './attribute-defs.service.js';
export { createExtractionService, type ExtractionService } from './extraction/extraction.service.js';
export { toClothesDto, toOotdDto } from './clothes.mapper.js';
