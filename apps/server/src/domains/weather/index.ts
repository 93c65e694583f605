export { createWeatherModule, type WeatherApi } from './weather.module.js';
// For profiles: the grid cell of a saved location.
export { latLonToGrid } from './kma-grid.js';
// For trips: a day beyond the forecast, estimated from the month's normals at the place.
export { climatologyDay } from './climatology.js';
export type { DayForecast } from './forecast-days.js';
