import type { Page, TestInfo } from '@playwright/test';

/** Saves screenshots of the page among the test's outputs as `<prefix>-<name>.png` (or `<name>.png`). */
export function screenshotter(
  page: Page,
  testInfo: TestInfo,
  prefix?: string,
): (name: string) => Promise<Buffer> {
  return (name) => page.screenshot({ path: testInfo.outputPath(`${prefix ? `${prefix}-` : ''}${name}.png`) });
}
