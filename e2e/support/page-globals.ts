/**
 * The browser globals that the PWA journeys read inside `page.evaluate`. This project is typed for Node, not the
 * DOM, so a callback casts `globalThis` to this (a type only: nothing from this module runs in the page).
 */
export interface PageGlobals {
  isSecureContext: boolean;
  navigator: {
    serviceWorker?: {
      ready: Promise<unknown>;
      controller: { scriptURL: string; state: string } | null;
      getRegistration(): Promise<{ waiting: unknown } | undefined>;
    };
  };
  caches: {
    keys(): Promise<string[]>;
    open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }>;
  };
  Image: new () => { src: string; decode(): Promise<void> };
  document: {
    fonts: { ready: Promise<unknown> } & Iterable<{ family: string; weight: string; status: string }>;
    scrollingElement: { scrollHeight: number; scrollTo(x: number, y: number): void } | null;
  };
  /** Set by a journey to tell whether the page has reloaded since. */
  beforeUpdate?: boolean;
}
