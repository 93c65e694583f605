/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

/** This build's version and build time (vite.config.ts `define`). */
declare const __APP_BUILD__: string;
