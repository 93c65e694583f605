export { createWeatherModule, type WeatherApi } from './weather.module.js';
// For profiles: the grid cell of a saved location.
export { latLonToGrid } from './kma-grid.js';
// For trips: a day beyond the forecast, estimated from the month's normals at the place.
export { climatologyDay } from './climatology.js';
export type { DayForecast } from './forecast-days.js';
// For benchmarks: the bundled region table (places to search for, points to seed).
export { readKmaCsv } from './resources.js';
