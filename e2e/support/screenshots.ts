import type { Page, TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';

/** Saves screenshots of the page among the test's outputs as `<prefix>-<name>.png` (or `<name>.png`). */
export function screenshotter(
  page: Page,
  testInfo: TestInfo,
  prefix?: string,
): (name: string) => Promise<Buffer> {
  return (name) => page.screenshot({ path: testInfo.outputPath(`${prefix ? `${prefix}-` : ''}${name}.png`) });
}

/**
 * Like screenshotter, and each screen or dialog it captures must first pass axe (WCAG 2.2 AA): a journey's
 * screenshots are the places where something new is on screen.
 */
export function auditedScreenshotter(
  page: Page,
  testInfo: TestInfo,
  prefix?: string,
): (name: string) => Promise<Buffer> {
  const shoot = screenshotter(page, testInfo, prefix);
  return async (name) => {
    await expectNoAxeViolations(
      page,
      `${prefix ? `${prefix}-` : ''}${name} at ${page.viewportSize()?.width ?? '?'}px`,
    );
    return shoot(name);
  };
}
