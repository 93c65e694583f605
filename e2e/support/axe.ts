import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rule sets of WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe's tags), the bar of docs/product.md. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

function describe(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map(
            (node) =>
              `  ${JSON.stringify(node.target)}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`,
          )
          .join('\n'),
    )
    .join('\n');
}

/**
 * Runs axe-core over what is on screen now (the page, or the open dialog above it) and fails with each
 * violation's rule, element and reason. `label` names the screen in the failure ('closet 390'); `include`, CSS
 * selectors, limits it to those parts of the page.
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  include: string[] = [],
): Promise<void> {
  // Animations and transitions settle first, so colours are read at their final values. The journeys ask for
  // reduced motion, under which every transition lasts 0.01 ms (apps/web/src/index.css): two frames let one that a
  // last click started begin, and a finite one still running (a toast fading out) is then waited for; an endless
  // one (a spinner) is not. A fixed 350 ms wait here cost a seventh of a journey's time.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const { requestAnimationFrame: frame } = globalThis as unknown as {
          requestAnimationFrame(callback: () => void): number;
        };
        frame(() => frame(() => resolve()));
      }),
  );
  await page.waitForFunction(() => {
    type Running = { playState: string; effect: { getComputedTiming(): { endTime: number } } | null };
    const { document } = globalThis as unknown as { document: { getAnimations(): Running[] } };
    return document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity);
  });
  // Label in Name (WCAG 2.5.3, level A) is an experimental axe rule, off unless named: on, so that a control's
  // accessible name always starts with its visible text (voice control users say what they see).
  // `options` replaces what `withTags` set, so it comes first. Legacy mode runs axe in the page itself: the default
  // opens a blank page (another renderer) for every audit to join the results of cross-origin frames, and the app
  // has no frame at all.
  const builder = new AxeBuilder({ page })
    .setLegacyMode()
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(WCAG_AA);
  for (const selector of include) builder.include(selector);
  const results = await builder.analyze();
  const violations = results.violations as AxeViolation[];
  expect(
    violations.map((v) => v.id),
    `axe on ${label}:\n${describe(violations)}`,
  ).toEqual([]);
}

/** The page scrolls only up and down: nothing is wider than the window (docs/product.md, phones). */
export async function expectNoHorizontalScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => {
    const g = globalThis as unknown as {
      document: { scrollingElement: { scrollWidth: number } };
      innerWidth: number;
    };
    return { scrollWidth: g.document.scrollingElement.scrollWidth, innerWidth: g.innerWidth };
  });
  expect(
    scrollWidth,
    `${label}: the page is ${scrollWidth}px wide in a ${innerWidth}px window`,
  ).toBeLessThanOrEqual(innerWidth);
}
