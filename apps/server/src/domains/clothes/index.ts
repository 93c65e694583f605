export { createClothesModule } from './clothes.module.js';
// For the feeds and the recommender, which read garments with their attributes the closet's way.
export { closetGarments, clothesAttributesOf, type GarmentWithAttributes } from './clothes.repo.js';
export { toOotdDto, type OotdGarment } from './clothes.mapper.js';
export { awayOn } from './life/availability.js';
