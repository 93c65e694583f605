export { createWeatherModule } from './weather.module.js';
// For profiles: the grid cell of a saved location.
export { latLonToGrid } from './kma-grid.js';
