import { expect, type Locator } from '@playwright/test';

/**
 * Waits until the home's outfit is the fresh answer: after a reload the home may first show the kept copy of the
 * last visit (`#first-screen`) or the last outfit received ('마지막으로 받은 추천'), which a test must not read as
 * the answer to what it just changed.
 */
export async function expectFreshOutfit(panel: Locator): Promise<Locator> {
  await expect(panel.page().locator('#first-screen')).toHaveCount(0);
  await expect(panel.getByTestId('last-received')).toHaveCount(0);
  const list = panel.getByRole('list', { name: '추천 옷 목록' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('article').first()).toBeVisible();
  return list;
}

/** The names of the fresh outfit's garments, in order. */
export async function outfitOf(panel: Locator): Promise<string[]> {
  return namesIn(await expectFreshOutfit(panel));
}

/** The names of the outfit on screen now, fresh or not (offline, the last one received is the answer). */
export async function shownOutfitOf(panel: Locator): Promise<string[]> {
  const list = panel.getByRole('list', { name: '추천 옷 목록' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('article').first()).toBeVisible();
  return namesIn(list);
}

function namesIn(list: Locator): Promise<string[]> {
  return list
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
}
