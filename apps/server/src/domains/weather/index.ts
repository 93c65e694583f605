export { weatherRoutes } from './weather.routes.js';
export { createWeatherService, type WeatherService } from './weather.service.js';
export { createLocationResolver, gridOf, type LocationResolver } from './location-resolver.js';
export { latLonToGrid } from './kma-grid.js';
export { placesRoutes } from './places.routes.js';
export { createPlaceSearch, type PlaceSearch } from './place-search.js';
