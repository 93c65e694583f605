import { createClothes, createFeed, getAttributeDefs, getWeathers, signInApi } from '../support/api.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { samplePng } from '../support/images.js';
import { signIn } from '../support/login.js';
import { auditedScreenshotter } from '../support/screenshots.js';
import { createUser, newUser } from '../support/users.js';

// Posting a feed needs a stored weather day, so this journey's server asks a loopback Open-Meteo.
const test = testWithOpenMeteo();

// Journey: A posts an OOTD (set up through the API); B finds it by keyword, likes it, comments and
// follows A; A sees the counts, edits and finally deletes it; B browses A's profile, follower list and wardrobe.
test('feeds, likes, comments, follows, profile and wardrobe across two users', async ({
  browser,
  server,
}, testInfo) => {
  const a = await createUser(server, newUser('author'));
  const b = await createUser(server, newUser('viewer'));
  const keyword = `한강${Date.now().toString(36)}`;

  // A's outfit: four garments (the card shows three and '+1'), one of them with attribute chips.
  const apiA = await signInApi(server, a);
  const colour = (await getAttributeDefs(apiA)).find((def) => def.name === '색상')!;
  const season = (await getAttributeDefs(apiA)).find((def) => def.name === '계절')!;
  const garments = [
    {
      name: '네이비 니트',
      type: 'TOP',
      attributes: [
        { definitionId: colour.id, value: '네이비' },
        { definitionId: season.id, value: '가을' },
      ],
      image: samplePng(96, [40, 60, 120]),
    },
    { name: '베이지 슬랙스', type: 'BOTTOM', image: samplePng(96, [200, 180, 140]) },
    { name: '트렌치 코트', type: 'OUTER', image: samplePng(96, [150, 120, 80]) },
    { name: '흰색 스니커즈', type: 'SHOES' },
  ];
  const clothes = [];
  for (const garment of garments) clothes.push(await createClothes(apiA, garment));
  const [today] = await getWeathers(apiA);
  const content = `${keyword} 산책 코디\n바람이 선선해서 니트에 트렌치를 걸쳤어요. <b>태그는 글자로</b>`;
  const posted = await createFeed(apiA, {
    weatherId: today!.id,
    clothesIds: clothes.map((c) => c.id),
    content,
  });

  // Reduced motion: the wardrobe drawer is in place at once, so screenshots show it whole.
  const contextA = await browser.newContext({ reducedMotion: 'reduce' });
  const contextB = await browser.newContext({ reducedMotion: 'reduce' });
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  const shotA = auditedScreenshotter(pageA, testInfo, 'a');
  const shotB = auditedScreenshotter(pageB, testInfo, 'b');

  // B searches the feeds by keyword and finds A's card.
  await signIn(pageB, b);
  await pageB
    .getByRole('navigation', { name: '주요 메뉴' })
    .getByRole('link', { name: '피드', exact: true })
    .click();
  await expect(pageB).toHaveURL(/#\/feeds$/);
  await expect(pageB.getByRole('heading', { name: '피드', exact: true })).toBeVisible();
  await pageB.getByRole('searchbox', { name: '피드 검색' }).fill(keyword);
  const card = pageB.getByRole('article').filter({ hasText: keyword });
  await expect(pageB.getByRole('article')).toHaveCount(1);
  await expect(card).toContainText(a.name);
  await expect(card).toContainText('방금 전');
  await expect(card.getByText('+1', { exact: true })).toBeVisible();
  await expect(
    card
      .getByRole('img', { name: '맑음' })
      .or(card.getByRole('img', { name: '구름많음' }))
      .or(card.getByRole('img', { name: '흐림' }))
      .first(),
  ).toBeVisible();
  await expect(card).toContainText(/\d+°/);
  await expect(card).toContainText(/\d+월 \d+일 \d{2}:\d{2}/);
  await shotB('feeds-search');

  // A keyword nobody used gives the empty state.
  await pageB.getByRole('searchbox', { name: '피드 검색' }).fill(`${keyword}없음`);
  await expect(pageB.getByText('피드가 없습니다.')).toBeVisible();
  await pageB.getByRole('searchbox', { name: '피드 검색' }).fill(keyword);
  await expect(card).toBeVisible();

  // The detail dialog: carousel wraps around, content is shown as text.
  await card.getByRole('button', { name: `${a.name}님의 피드 보기` }).click();
  const dialog = pageB.getByRole('dialog', { name: `${a.name}님의 피드` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('<b>태그는 글자로</b>', { exact: false })).toBeVisible();
  const slide = dialog.getByRole('group');
  await expect(slide).toHaveAccessibleName('4벌 중 1번째');
  await expect(dialog.getByText('네이비', { exact: true })).toBeVisible();
  await expect(dialog.getByText('가을', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: '이전' }).click();
  await expect(slide).toHaveAccessibleName('4벌 중 4번째');
  await expect(dialog.getByText('흰색 스니커즈').first()).toBeVisible();
  await dialog.getByRole('button', { name: '다음' }).click();
  await expect(slide).toHaveAccessibleName('4벌 중 1번째');
  await expect(dialog.getByText('첫 댓글을 작성해보세요!')).toBeVisible();
  // Not B's feed: no edit or delete.
  await expect(dialog.getByRole('button', { name: '수정' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: '삭제' })).toHaveCount(0);

  // Like, then comment with Enter.
  const like = dialog.getByRole('button', { name: '좋아요' });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByText('좋아요 수').locator('..')).toHaveText('좋아요 수 1');
  const commentBox = dialog.getByRole('textbox', { name: '댓글 입력' });
  await commentBox.fill('  코트 색이 예뻐요!  ');
  await commentBox.press('Enter');
  await expect(pageB.getByText('댓글이 등록되었습니다.')).toBeVisible();
  await expect(dialog.getByRole('list', { name: '댓글 목록' })).toContainText('코트 색이 예뻐요!');
  await expect(dialog.getByText('더 이상 댓글이 없습니다')).toBeVisible();
  await expect(dialog.getByText('댓글 수').locator('..')).toHaveText('댓글 수 1');
  await expect(commentBox).toHaveValue('');
  await shotB('feed-dialog');

  // Closing keeps the counts on the card.
  await pageB.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card.getByText('좋아요 수').locator('..')).toHaveText('좋아요 수1');
  await expect(card.getByText('댓글 수').locator('..')).toHaveText('댓글 수1');

  // B opens A's profile from the card and follows A.
  await card.getByRole('link', { name: a.name }).click();
  await expect(pageB).toHaveURL(new RegExp(`#/profiles\\?userId=${apiA.userId}$`));
  await expect(pageB.getByRole('heading', { name: a.name, exact: true })).toBeVisible();
  await expect(pageB.getByRole('button', { name: '팔로워 0명' })).toBeVisible();
  await expect(pageB.getByRole('button', { name: '메시지 보내기' })).toBeVisible();
  await pageB.getByRole('button', { name: '팔로우', exact: true }).click();
  await expect(pageB.getByRole('button', { name: '팔로우 취소' })).toBeVisible();
  await expect(pageB.getByRole('button', { name: '팔로워 1명' })).toBeVisible();
  await expect(pageB.getByRole('article')).toHaveCount(1);
  await shotB('profile-followed');

  // The follower list names B; the search narrows it; a name leads to that profile.
  await pageB.getByRole('button', { name: '팔로워 1명' }).click();
  const followers = pageB.getByRole('dialog', { name: '팔로워' });
  await expect(followers.getByRole('button', { name: b.name })).toBeVisible();
  await followers.getByRole('searchbox', { name: '사용자 검색...' }).fill('없는이름');
  await expect(followers.getByText('검색 결과가 없습니다.')).toBeVisible();
  await followers.getByRole('searchbox', { name: '사용자 검색...' }).fill(b.name.slice(0, 4));
  await expect(followers.getByRole('button', { name: b.name })).toBeVisible();
  await shotB('followers');
  await followers.getByRole('button', { name: b.name }).click();
  await expect(followers).toBeHidden();
  await expect(pageB).toHaveURL(/#\/profiles\?userId=/);
  await expect(pageB.getByRole('heading', { name: b.name, exact: true })).toBeVisible();
  // One's own profile has neither follow nor message buttons, and B has no feeds.
  await expect(pageB.getByRole('button', { name: '메시지 보내기' })).toHaveCount(0);
  await expect(pageB.getByRole('button', { name: /^팔로우/ })).toHaveCount(0);
  await expect(pageB.getByText('아직 작성한 피드가 없습니다.')).toBeVisible();
  await pageB.getByRole('button', { name: '팔로잉 1명' }).click();
  const followings = pageB.getByRole('dialog', { name: '팔로잉' });
  await expect(followings.getByRole('button', { name: a.name })).toBeVisible();
  await followings.getByRole('button', { name: a.name }).click();
  await expect(pageB.getByRole('heading', { name: a.name, exact: true })).toBeVisible();

  // A's wardrobe drawer: every garment, then a category, then an empty one.
  await pageB.getByRole('button', { name: '옷장 열기' }).click();
  const wardrobe = pageB.getByRole('region', { name: `${a.name} 님의 옷장` });
  await expect(wardrobe.getByRole('heading', { name: `${a.name} 님의 옷장` })).toBeVisible();
  for (const garment of garments)
    await expect(wardrobe.getByText(garment.name, { exact: true })).toBeVisible();
  await expect(
    wardrobe.getByRole('article').filter({ hasText: '네이비 니트' }).getByRole('list', { name: '속성' }),
  ).toHaveText(/가을\s*네이비|네이비\s*가을/);
  await shotB('wardrobe');
  await wardrobe.getByRole('combobox', { name: '옷 종류' }).click();
  await pageB.getByRole('option', { name: '하의' }).click();
  await expect(wardrobe.getByText('베이지 슬랙스', { exact: true })).toBeVisible();
  await expect(wardrobe.getByText('네이비 니트', { exact: true })).toHaveCount(0);
  await wardrobe.getByRole('combobox', { name: '옷 종류' }).click();
  await pageB.getByRole('option', { name: '스카프' }).click();
  await expect(wardrobe.getByText('옷이 없습니다.')).toBeVisible();
  await expect(wardrobe.getByText('다른 카테고리를 선택해보세요.')).toBeVisible();
  await shotB('wardrobe-empty-category');
  await pageB.getByRole('button', { name: '닫기', exact: true }).click();
  await expect(pageB.getByRole('button', { name: '옷장 열기' })).toBeVisible();

  // A sees the like, the comment and the follower through '내 피드' of the avatar menu.
  await signIn(pageA, a);
  await pageA.getByRole('button', { name: '프로필 메뉴 열기' }).click();
  await pageA.getByRole('menuitem', { name: '내 피드' }).click();
  await expect(pageA).toHaveURL(new RegExp(`#/feeds\\?authorIdEqual=${apiA.userId}$`));
  await expect(pageA.getByRole('heading', { name: '내 피드' })).toBeVisible();
  const myCard = pageA.getByRole('article').filter({ hasText: keyword });
  await expect(myCard.getByText('좋아요 수').locator('..')).toHaveText('좋아요 수1');
  await expect(myCard.getByText('댓글 수').locator('..')).toHaveText('댓글 수1');
  await shotA('my-feeds');

  await myCard.getByRole('button', { name: `${a.name}님의 피드 보기` }).click();
  const myDialog = pageA.getByRole('dialog', { name: `${a.name}님의 피드` });
  await expect(myDialog.getByRole('list', { name: '댓글 목록' })).toContainText(b.name);
  await expect(myDialog.getByRole('list', { name: '댓글 목록' })).toContainText('코트 색이 예뻐요!');

  // The author edits the text.
  await myDialog.getByRole('button', { name: '수정' }).click();
  await myDialog.getByRole('textbox', { name: '피드 내용' }).fill(`${keyword} 산책 코디 (수정)`);
  await myDialog.getByRole('button', { name: '저장' }).click();
  await expect(pageA.getByText('피드가 수정되었습니다.')).toBeVisible();
  await expect(myDialog.getByText(`${keyword} 산책 코디 (수정)`)).toBeVisible();
  await shotA('my-feed-dialog');
  await pageA.keyboard.press('Escape');
  await expect(myCard).toContainText('(수정)');

  // A's own profile: the follower count, no follow button.
  await pageA.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: '프로필' }).click();
  await expect(pageA.getByRole('heading', { name: a.name, exact: true })).toBeVisible();
  await expect(pageA.getByRole('button', { name: '팔로워 1명' })).toBeVisible();
  await expect(pageA.getByRole('button', { name: /^팔로우/ })).toHaveCount(0);
  await shotA('own-profile');

  // B unfollows; A's follower count goes back to zero.
  await pageB.getByRole('button', { name: '팔로우 취소' }).click();
  await expect(pageB.getByRole('button', { name: '팔로우', exact: true })).toBeVisible();
  await expect(pageB.getByRole('button', { name: '팔로워 0명' })).toBeVisible();

  // Finally A deletes the feed from the profile grid.
  await pageA
    .getByRole('article')
    .first()
    .getByRole('button', { name: `${a.name}님의 피드 보기` })
    .click();
  await pageA.getByRole('dialog').getByRole('button', { name: '삭제' }).click();
  const confirm = pageA.getByRole('alertdialog', { name: '피드 삭제' });
  await expect(confirm).toContainText('이 피드를 삭제하시겠습니까?');
  await confirm.getByRole('button', { name: '삭제' }).click();
  await expect(pageA.getByText('피드가 삭제되었습니다.')).toBeVisible();
  await expect(pageA.getByText('아직 작성한 피드가 없습니다.')).toBeVisible();
  expect(posted.content).toBe(content);

  await contextA.close();
  await contextB.close();
});
