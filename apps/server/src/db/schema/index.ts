export * from './users.js';
export * from './clothes.js';
export * from './weather.js';
export * from './feeds.js';
export * from './follows.js';
export * from './messages.js';
export * from './notifications.js';
export * from './recommendations.js';
