export { createTripsModule } from './trips.module.js';
