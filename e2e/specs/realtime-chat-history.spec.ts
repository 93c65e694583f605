import { signInApi } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/login.js';
import { createUser, newUser } from '../support/users.js';
import { expectNoAxeViolations } from '../support/axe.js';

const TOTAL = 45;
const line = (n: number) => `기록 ${String(n).padStart(2, '0')}`;

// Journey: A writes 45 messages; B pages through the 45 notifications in the panel, then opens the
// conversation at the newest 20, scrolls to the top and the older pages load (20 at a time, with a skeleton
// meanwhile) without moving the messages on screen; reading it clears the bell.
test('a long conversation opens at the newest message and loads older ones at the top', async ({
  browser,
  server,
}, testInfo) => {
  const a = await createUser(server, newUser('writer'));
  const b = await createUser(server, newUser('reader'));
  const apiB = await signInApi(server, b);

  const contextA = await browser.newContext({ reducedMotion: 'reduce' });
  const pageA = await contextA.newPage();
  await signIn(pageA, a);
  await pageA.goto(`/#/profiles?userId=${apiB.userId}`);
  await pageA.getByRole('button', { name: '메시지 보내기' }).click();
  const chatA = pageA.getByRole('dialog', { name: b.name });
  const inputA = chatA.getByPlaceholder('메시지 입력...');
  await expect(chatA.getByRole('button', { name: '전송' })).toBeDisabled();
  for (let n = 1; n <= TOTAL; n++) {
    await inputA.fill(line(n));
    await expect(chatA.getByRole('button', { name: '전송' })).toBeEnabled();
    await inputA.press('Enter');
  }
  const bubblesA = chatA.getByRole('log', { name: '메시지 목록' }).locator('[data-mine="true"]');
  await expect(bubblesA).toHaveCount(TOTAL);
  await contextA.close();

  const contextB = await browser.newContext({ reducedMotion: 'reduce' });
  const pageB = await contextB.newPage();
  // Older pages (those with a cursor) answer slowly, so the skeleton and the loading text can be seen.
  await pageB.route(/\/api\/(direct-messages|notifications)\?.*cursor=/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await signIn(pageB, b);

  // Meanwhile B's bell counts one notification per message; the panel pages through them 20 at a time.
  const bellB = pageB.getByRole('banner').getByRole('button', { name: `알림, 읽지 않은 알림 ${TOTAL}개` });
  await bellB.click();
  const panel = pageB.getByRole('dialog', { name: '알림' });
  const items = panel.getByRole('list', { name: '알림 목록' }).getByRole('button');
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText(`${a.name}: ${line(TOTAL)}`);
  await items.last().scrollIntoViewIfNeeded();
  await expect(panel.getByText('더 불러오는 중...')).toBeVisible();
  await pageB.screenshot({ path: testInfo.outputPath('b-panel-loading-more.png') });
  await expect(items).toHaveCount(40);
  await items.last().scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(TOTAL);
  await expect(items.last()).toContainText(`${a.name}: ${line(1)}`);
  await pageB.keyboard.press('Escape');

  await pageB
    .getByRole('banner')
    .getByRole('button', { name: `메시지, 읽지 않은 메시지 ${TOTAL}개` })
    .click();
  await pageB
    .getByRole('dialog', { name: '대화 목록' })
    .getByRole('button', { name: new RegExp(a.name) })
    .click();

  const chatB = pageB.getByRole('dialog', { name: a.name });
  const log = chatB.getByRole('log', { name: '메시지 목록' });
  const bubble = (n: number) => log.locator('p').filter({ hasText: new RegExp(`${line(n)}$`) });
  // The newest page, opened at its end.
  await expect(log.locator('p')).toHaveCount(20);
  await expect(bubble(TOTAL)).toBeInViewport();
  await expect(bubble(26)).not.toBeInViewport();
  await pageB.screenshot({ path: testInfo.outputPath('b-history-newest.png') });

  // Scrolling to the top shows a skeleton there while the page before loads; then what was on screen stays put.
  const scroller = log.locator('xpath=..');
  await scroller.evaluate((el) => {
    el.scrollTop = 0;
    el.dispatchEvent(new Event('scroll'));
  });
  await expect(chatB.getByRole('status').filter({ hasText: '이전 메시지를 불러오는 중...' })).toBeAttached();
  const topBefore = await bubble(26).evaluate((p) => p.getBoundingClientRect().top);
  await pageB.screenshot({ path: testInfo.outputPath('b-history-loading.png') });
  await expect(log.locator('p')).toHaveCount(40);
  await expect(bubble(26)).toBeInViewport();
  const topAfter = await bubble(26).evaluate((p) => p.getBoundingClientRect().top);
  expect(Math.abs(topAfter - topBefore)).toBeLessThan(4);
  await expect(bubble(6)).not.toBeInViewport();

  // Once more to the top: the last five, then nothing more to load.
  await scroller.evaluate((el) => {
    el.scrollTop = 0;
    el.dispatchEvent(new Event('scroll'));
  });
  await expect(log.locator('p')).toHaveCount(TOTAL);
  await expect(log.locator('p').first()).toHaveText(new RegExp(`${line(1)}$`));
  await expect(log.locator('p').last()).toHaveText(new RegExp(`${line(TOTAL)}$`));
  await expect(log.getByRole('heading', { name: '오늘' })).toHaveCount(1);
  // Reading the conversation read the notifications that announced it.
  await expect(chatB.getByRole('status')).toHaveCount(0);
  await pageB.keyboard.press('Escape');
  await expect(pageB.getByRole('banner').getByRole('button', { name: /^알림/ })).toHaveAccessibleName('알림');
  await expectNoAxeViolations(pageB, 'chat history');
  await pageB.screenshot({ path: testInfo.outputPath('b-history-all.png') });
  await contextB.close();
});
