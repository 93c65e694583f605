import type { Page } from '@playwright/test';
import { signInApi } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/login.js';
import { auditedScreenshotter } from '../support/screenshots.js';
import { createUser, newUser } from '../support/users.js';

/** The top bar's bell; its name carries the unread count. */
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^알림/ });
/** The top bar's conversations entry; its name carries the unread message count. */
const conversationsButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^메시지/ });

// Journey: A follows B and B's bell rises live (the notification in the panel; a click reads it and opens A's profile); A writes
// to B from B's profile; B sees it live in the conversations list and in the chat dialog, replies, and A
// sees the reply live. Both browsers stay open throughout, so everything arrives over SSE and STOMP.
test('live notifications and direct messages between two browsers', async ({ browser, server }, testInfo) => {
  const a = await createUser(server, newUser('sender'));
  const b = await createUser(server, newUser('receiver'));
  const apiB = await signInApi(server, b);

  const contextA = await browser.newContext({ reducedMotion: 'reduce' });
  const contextB = await browser.newContext({ reducedMotion: 'reduce' });
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  const shotA = auditedScreenshotter(pageA, testInfo, 'a');
  const shotB = auditedScreenshotter(pageB, testInfo, 'b');
  const pageErrors: Error[] = [];
  for (const page of [pageA, pageB]) page.on('pageerror', (error) => pageErrors.push(error));

  await signIn(pageB, b);
  await expect(bell(pageB)).toHaveAccessibleName('알림');
  await expect(conversationsButton(pageB)).toHaveAccessibleName('메시지');

  // B's panel starts empty.
  await bell(pageB).click();
  const panelB = pageB.getByRole('dialog', { name: '알림' });
  await expect(panelB.getByText('알림이 없습니다.')).toBeVisible();
  await pageB.keyboard.press('Escape');
  await expect(panelB).toBeHidden();

  // A follows B from B's profile.
  await signIn(pageA, a);
  await pageA.goto(`/#/profiles?userId=${apiB.userId}`);
  await expect(pageA.getByRole('main').getByText(b.name, { exact: true })).toBeVisible();
  await pageA.getByRole('button', { name: '팔로우', exact: true }).click();
  await expect(pageA.getByRole('button', { name: '팔로우 취소' })).toBeVisible();

  // B: the badge rises without a reload, with an info toast.
  await expect(bell(pageB)).toHaveAccessibleName('알림, 읽지 않은 알림 1개');
  await expect(pageB.getByText(`${a.name}님이 회원님을 팔로우했어요.`)).toBeVisible();
  await shotB('follow-badge-and-toast');

  // The panel lists it; a click marks it read and opens the follower's profile (issue 22).
  await bell(pageB).click();
  const followItem = panelB.getByRole('button', { name: /새 팔로워/ });
  await expect(followItem).toContainText(`${a.name}님이 회원님을 팔로우했어요.`);
  await expect(followItem).toContainText('방금 전');
  await shotB('notification-panel');
  await followItem.click();
  await expect(panelB).toBeHidden();
  await expect(pageB).toHaveURL(/#\/profiles\?userId=[0-9a-f-]+$/);
  await expect(pageB.getByRole('main').getByText(a.name, { exact: true })).toBeVisible();
  await expect(bell(pageB)).toHaveAccessibleName('알림');
  await bell(pageB).click();
  await expect(panelB.getByText('알림이 없습니다.')).toBeVisible();
  // An outside click closes the panel.
  await pageB.mouse.click(700, 500);
  await expect(panelB).toBeHidden();

  // A opens the chat dialog from B's profile and writes.
  await pageA.getByRole('button', { name: '메시지 보내기' }).click();
  const chatA = pageA.getByRole('dialog', { name: b.name });
  await expect(chatA.getByText(`${b.name} 님과의 대화를 시작해보세요`)).toBeVisible();
  const inputA = chatA.getByPlaceholder('메시지 입력...');
  await expect(inputA).toBeFocused();
  const sendA = chatA.getByRole('button', { name: '전송' });
  await expect(sendA).toBeDisabled();
  await inputA.fill('   ');
  await expect(sendA).toBeDisabled();
  await inputA.fill('안녕하세요! 오늘 코디 멋져요');
  await expect(sendA).toBeEnabled();
  await inputA.press('Enter');
  await expect(inputA).toHaveValue('');
  // A sees its own message through the server's echo: blue, on the right, with today's HH:MM.
  const logA = chatA.getByRole('log', { name: '메시지 목록' });
  const firstA = logA.locator('[data-mine="true"]').filter({ hasText: '안녕하세요! 오늘 코디 멋져요' });
  await expect(firstA).toBeVisible();
  await expect(firstA).toContainText(/\d{2}:\d{2}/);
  await expect(logA.getByRole('heading', { name: '오늘' })).toBeVisible();

  // B: the conversations entry shows one unread message; the list shows A's message first.
  await expect(conversationsButton(pageB)).toHaveAccessibleName('메시지, 읽지 않은 메시지 1개');
  await expect(bell(pageB)).toHaveAccessibleName('알림, 읽지 않은 알림 1개');
  await conversationsButton(pageB).click();
  const listB = pageB.getByRole('dialog', { name: '대화 목록' });
  const roomA = listB.getByRole('button', { name: new RegExp(a.name) });
  await expect(roomA).toContainText('안녕하세요! 오늘 코디 멋져요');
  await expect(roomA.getByLabel('읽지 않은 메시지 1개')).toBeVisible();
  await shotB('conversations-list');

  // B opens the conversation: the message is there on the left (gray), and the room is read.
  await roomA.click();
  const chatB = pageB.getByRole('dialog', { name: a.name });
  const logB = chatB.getByRole('log', { name: '메시지 목록' });
  await expect(
    logB.locator('[data-mine="false"]').filter({ hasText: '안녕하세요! 오늘 코디 멋져요' }),
  ).toBeVisible();

  // B replies with Enter; A sees the reply live in the open dialog.
  const inputB = chatB.getByPlaceholder('메시지 입력...');
  await inputB.fill('감사합니다 😊\n내일도 올릴게요');
  await expect(chatB.getByRole('button', { name: '전송' })).toBeEnabled();
  await inputB.press('Enter');
  await expect(logB.locator('[data-mine="true"]').filter({ hasText: '내일도 올릴게요' })).toBeVisible();
  await expect(logA.locator('[data-mine="false"]').filter({ hasText: '감사합니다 😊' })).toBeVisible();

  // And A's next message reaches B's open dialog live, after B's reply.
  await inputA.fill('좋아요, 기대할게요');
  await chatA.getByRole('button', { name: '전송' }).click();
  const lastB = logB.locator('[data-mine="false"]').filter({ hasText: '좋아요, 기대할게요' });
  await expect(lastB).toBeVisible();
  await expect(logB.locator('p')).toHaveText([
    /안녕하세요! 오늘 코디 멋져요/,
    /감사합니다 😊\s*내일도 올릴게요/,
    /좋아요, 기대할게요/,
  ]);
  await shotA('chat-dialog');
  await shotB('chat-dialog');

  // B closes the dialog with Escape: the conversation was read, so the entry has no badge, and the bell
  // no longer counts the message notifications (the one before opening, and the one that came while open).
  await pageB.keyboard.press('Escape');
  await expect(chatB).toBeHidden();
  await expect(conversationsButton(pageB)).toHaveAccessibleName('메시지');
  await expect(bell(pageB)).toHaveAccessibleName('알림');
  await expect(pageB.getByText(`${a.name}: 좋아요, 기대할게요`)).toHaveCount(0);

  // A's conversations list has B with A's latest line, read (no badge) since the dialog was open.
  await chatA.getByRole('button', { name: '닫기' }).click();
  await expect(chatA).toBeHidden();
  await conversationsButton(pageA).click();
  const roomB = pageA
    .getByRole('dialog', { name: '대화 목록' })
    .getByRole('button', { name: new RegExp(b.name) });
  await expect(roomB).toContainText('나: 좋아요, 기대할게요');
  await expect(roomB.getByLabel(/읽지 않은 메시지/)).toHaveCount(0);
  // B's reply came while A's dialog was open: no toast, nothing left on the bell.
  await expect(bell(pageA)).toHaveAccessibleName('알림');
  await expect(pageA.getByText(`${b.name}: 감사합니다 😊`)).toHaveCount(0);
  await shotA('conversations-list');
  expect(pageErrors).toEqual([]);

  await contextA.close();
  await contextB.close();
});
