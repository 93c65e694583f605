export { createClothesModule, type ClothesApi, type GarmentWithAttributes } from './clothes.module.js';
export { toOotdDto, type OotdGarment } from './clothes.mapper.js';
export { awayOn } from './life/availability.js';
