import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { createClothes, signInApi } from '../support/api.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from '../support/axe.js';
import { expect, testWithOpenMeteo } from '../support/fixtures.js';
import { samplePng } from '../support/images.js';
import { signIn } from '../support/login.js';
import { mildScenario, type FakeHour } from '../support/open-meteo.js';
import { createUser, newUser } from '../support/users.js';

/**
 * Each of the five days has its own sky, so that one forecast shows the weather card over every graphic: clear,
 * partly cloudy, rain, snow and showers.
 */
const SKIES: Record<number, Partial<FakeHour>> = {
  0: { code: 1, cloudCover: 10, precipitationProbability: 10 },
  1: { code: 2, cloudCover: 70, precipitationProbability: 20 },
  2: { code: 61, cloudCover: 100, precipitationProbability: 80, precipitation: 1.5 },
  3: {
    code: 73,
    cloudCover: 95,
    precipitationProbability: 70,
    precipitation: 0.6,
    snowfall: 0.8,
    temperature: -2,
  },
  4: { code: 80, cloudCover: 70, precipitationProbability: 60, precipitation: 0.8 },
};
const test = testWithOpenMeteo({
  scenario: (dayOffset, hour) => ({ ...mildScenario(dayOffset, hour), ...SKIES[dayOffset] }),
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function contextAt(browser: Browser, viewport: { width: number; height: number }) {
  const phone = viewport.width < 640;
  // No geolocation permission: the browser refuses, as it did for the person who tried the app.
  return browser.newContext({ viewport, isMobile: phone, hasTouch: phone, reducedMotion: 'reduce' });
}

/** Axe, no sideways scrolling, and a screenshot to look at. */
async function audit(page: Page, testInfo: TestInfo, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await expectNoHorizontalScroll(page, `${name} ${width}`);
  await expectNoAxeViolations(page, `${name} ${width}`);
  await page.screenshot({ path: testInfo.outputPath(`${width}-${name}.png`) });
}

interface TextBox {
  text: string;
  /** The text's colour, rgba 0–255 and alpha 0–1. */
  color: [number, number, number, number];
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * WCAG contrast of every piece of text on the weather card against what is painted under it. axe cannot tell
 * (a gradient, clouds and streaks are images to it: "incomplete"), so the card is photographed with its text made
 * transparent and each text's colour is set against the pixels under its box: the 2 % least contrasting pixels
 * may fall lower (a snowflake's edge); the rest must reach 4.5:1.
 */
async function expectReadableCard(page: Page, card: Locator, label: string) {
  await expectNoAxeViolations(page, label);
  const origin = await card.boundingBox();
  if (!origin) throw new Error('no weather card');
  const texts = await card.evaluate((root) => {
    const g = globalThis as unknown as {
      document: {
        createTreeWalker(
          root: unknown,
          what: number,
        ): {
          nextNode(): unknown;
          currentNode: {
            textContent: string | null;
            parentElement: {
              closest(s: string): unknown;
              getBoundingClientRect(): { width: number; height: number };
            };
          };
        };
        createRange(): {
          selectNodeContents(node: unknown): void;
          getClientRects(): Iterable<{ x: number; y: number; width: number; height: number }>;
        };
      };
      getComputedStyle(el: unknown): { color: string; visibility: string };
    };
    const out: { text: string; color: string; x: number; y: number; width: number; height: number }[] = [];
    const walker = g.document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if (!text || el.closest('.sr-only, [aria-hidden="true"], [hidden]')) continue;
      const style = g.getComputedStyle(el);
      if (style.visibility !== 'visible') continue;
      const range = g.document.createRange();
      range.selectNodeContents(node);
      // A visually hidden text (sr-only, also per breakpoint: a 1 px box) is not seen, so not measured.
      const own = el.getBoundingClientRect();
      if (own.width <= 1 || own.height <= 1) continue;
      for (const r of range.getClientRects())
        if (r.width > 0 && r.height > 0)
          out.push({ text, color: style.color, x: r.x, y: r.y, width: r.width, height: r.height });
    }
    return out;
  });
  const boxes: TextBox[] = texts.map((t) => {
    const parts =
      /rgba?\(([^)]+)\)/
        .exec(t.color)?.[1]
        ?.split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number) ?? [];
    const [r = 0, g = 0, b = 0, a = 1] = parts;
    return { ...t, color: [r, g, b, a], x: t.x - origin.x, y: t.y - origin.y };
  });
  expect(boxes.length, `${label}: texts on the card`).toBeGreaterThan(5);

  const hide = await page.addStyleTag({
    content:
      '[data-testid="weather-card"] * { color: transparent !important; text-shadow: none !important; caret-color: transparent !important; }',
  });
  const png = await page.screenshot({ clip: origin });
  await hide.evaluate((el) => (el as unknown as { remove(): void }).remove());

  // Decoded by the page itself: createImageBitmap of bytes handed over (no URL, so no CSP question).
  const failures = await page.evaluate(
    async ({ base64, boxes, scale }) => {
      const g = globalThis as unknown as {
        atob(s: string): string;
        Blob: new (parts: unknown[], o: object) => unknown;
        createImageBitmap(blob: unknown): Promise<{ width: number; height: number }>;
        OffscreenCanvas: new (
          w: number,
          h: number,
        ) => {
          getContext(kind: '2d'): {
            drawImage(img: unknown, x: number, y: number): void;
            getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
          };
        };
      };
      const binary = g.atob(base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      const bitmap = await g.createImageBitmap(new g.Blob([bytes], { type: 'image/png' }));
      const canvas = new g.OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(bitmap, 0, 0);
      const lum = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      const L = (r: number, gg: number, b: number) => 0.2126 * lum(r) + 0.7152 * lum(gg) + 0.0722 * lum(b);
      const out: string[] = [];
      for (const box of boxes) {
        const x = Math.max(0, Math.round(box.x * scale));
        const y = Math.max(0, Math.round(box.y * scale));
        const w = Math.min(bitmap.width - x, Math.round(box.width * scale));
        const h = Math.min(bitmap.height - y, Math.round(box.height * scale));
        if (w <= 0 || h <= 0) continue;
        const { data } = ctx.getImageData(x, y, w, h);
        const ratios: number[] = [];
        const [tr, tg, tb, ta] = box.color;
        for (let i = 0; i < data.length; i += 4) {
          const [br, bg, bb] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
          // A translucent text colour is seen blended over the pixel under it.
          const fr = tr * ta + br * (1 - ta);
          const fg = tg * ta + bg * (1 - ta);
          const fb = tb * ta + bb * (1 - ta);
          const [hi, lo] = [L(fr, fg, fb), L(br, bg, bb)].sort((p, q) => q - p) as [number, number];
          ratios.push((hi + 0.05) / (lo + 0.05));
        }
        ratios.sort((p, q) => p - q);
        const figure = ratios[Math.floor(ratios.length * 0.02)] ?? 21;
        if (figure < 4.5) out.push(`'${box.text}' ${figure.toFixed(2)}:1`);
      }
      return out;
    },
    { base64: png.toString('base64'), boxes, scale: pngWidth(png) / origin.width },
  );
  expect(failures, `${label}: text under 4.5:1`).toEqual([]);
}

/** A PNG's width in pixels, from its IHDR chunk. */
const pngWidth = (png: Buffer) => png.readUInt32BE(16);

// Journey: a new user who refused geolocation opens an empty home on a phone and on a desktop: it says what to do
// (a place, clothes), 'OOTD 등록' is off; '홍대입구' gets a hint, Enter on '강남구' takes the first suggestion and
// the header keeps '서울특별시 강남구' after a reload; the placeholder fits a 360 px phone.
for (const viewport of [PHONE, DESKTOP]) {
  test(`empty home ${viewport.width}: what to do first, places by name kept at the level picked`, async ({
    browser,
    server,
  }, testInfo) => {
    const context = await contextAt(browser, viewport);
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.dismiss());
    const user = await createUser(server, newUser('empty'));
    await signIn(page, user);

    const guide = page.getByRole('region', { name: '오늘의 옷을 추천받으려면' });
    await expect(guide).toBeVisible();
    await expect(guide.getByText('동네 정하기')).toBeVisible();
    await expect(guide.getByText('옷장에 옷 등록하기')).toBeVisible();
    await expect(guide.getByRole('link', { name: '옷 등록하러 가기' })).toBeVisible();
    const panel = page.getByRole('region', { name: '#추천 OOTD' });
    await expect(panel.getByRole('button', { name: 'OOTD 등록' })).toBeDisabled();
    await audit(page, testInfo, 'home-empty');

    const search = page.getByRole('combobox', { name: '지역 검색' });
    await search.fill('홍대입구');
    await expect(
      page.getByText('‘홍대입구’와 맞는 지역이 없어요. 동네 이름(예: 서교동, 마포구)으로 찾아보세요.'),
    ).toBeVisible();
    await audit(page, testInfo, 'home-place-hint');

    // Enter at once, before any suggestion is shown: the first one is taken when it comes.
    await search.fill('강남구');
    await search.press('Enter');
    const name = page.getByTestId('location-name');
    await expect(name).toHaveText('서울특별시 강남구');
    await expect(page.getByTestId('current-temperature')).toBeVisible();
    await expect(guide).toHaveCount(0);
    await audit(page, testInfo, 'home-gangnam');
    await page.reload();
    await expect(name).toHaveText('서울특별시 강남구');
    await expect(page.getByTestId('current-temperature')).toBeVisible();
    await context.close();
  });
}

test('the place search placeholder fits a 360 px phone', async ({ browser, server }, testInfo) => {
  const context = await contextAt(browser, { width: 360, height: 740 });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.dismiss());
  await signIn(page, await createUser(server, newUser('narrow')));
  const search = page.getByRole('combobox', { name: '지역 검색' });
  await expect(search).toBeVisible();
  const { needed, room } = await search.evaluate((input) => {
    const el = input as unknown as { placeholder: string; clientWidth: number };
    const g = globalThis as unknown as {
      getComputedStyle(e: unknown): { font: string; paddingLeft: string; paddingRight: string };
      document: {
        createElement(t: 'canvas'): {
          getContext(k: '2d'): { font: string; measureText(t: string): { width: number } };
        };
      };
    };
    const style = g.getComputedStyle(input);
    const ctx = g.document.createElement('canvas').getContext('2d');
    ctx.font = style.font;
    return {
      needed: ctx.measureText(el.placeholder).width,
      room: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  });
  expect(needed).toBeLessThanOrEqual(room);
  await audit(page, testInfo, 'home-place-search');
  await context.close();
});

// Journey: a user with a closet and a saved place opens the home. On a phone today's outfit is on the first screen
// under a compact weather summary; the five days and details open with one button. On both sizes every day has its
// name, the icons sit on one row, and the card's text reaches 4.5:1 over each sky.
for (const viewport of [PHONE, DESKTOP]) {
  test(`home ${viewport.width}: the outfit on the first screen, five named days, readable over every sky`, async ({
    browser,
    server,
  }, testInfo) => {
    test.setTimeout(180_000);
    const user = await createUser(server, newUser('home'));
    const api = await signInApi(server, user);
    for (const garment of [
      { name: '옥스퍼드 셔츠', type: 'TOP', image: samplePng(96, [150, 190, 230]) },
      { name: '면 바지', type: 'BOTTOM', image: samplePng(96, [90, 110, 70]) },
      { name: '캔버스 운동화', type: 'SHOES', image: samplePng(96, [230, 230, 220]) },
      { name: '바람막이', type: 'OUTER', image: samplePng(96, [40, 60, 120]) },
    ])
      await createClothes(api, garment);
    const context = await contextAt(browser, viewport);
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.dismiss());
    await signIn(page, user);
    await page.getByRole('combobox', { name: '지역 검색' }).fill('해운대구');
    await page.getByRole('option', { name: '부산광역시 해운대구', exact: true }).click();
    await expect(page.getByTestId('location-name')).toHaveText('부산광역시 해운대구');

    const card = page.getByTestId('weather-card');
    const outfit = page.getByRole('list', { name: '추천 옷 목록' });
    await expect(outfit.getByRole('listitem').first()).toBeVisible();
    const panel = page.getByRole('region', { name: '#추천 OOTD' });
    await expect(panel.getByRole('button', { name: 'OOTD 등록' })).toBeEnabled();
    const strip = card.getByRole('list', { name: '5일 예보' });
    const disclosure = card.getByRole('button', { name: '5일 예보와 자세한 날씨 보기' });

    if (viewport === PHONE) {
      // The first screen: place, now, min/max and the chance of rain, then the outfit's first row in full.
      await expect(card.getByText(/^최저 -?\d+°/)).toBeVisible();
      await expect(card.getByTestId('precipitation-chance')).toHaveText(/^강수확률 \d+%$/);
      await expect(strip).toBeHidden();
      // The first piece's photo is whole on the first screen, above the bottom tabs.
      const photo = await outfit.getByRole('listitem').first().locator('img').first().boundingBox();
      const tabs = await page.getByRole('navigation', { name: '주요 메뉴' }).boundingBox();
      expect(photo, 'the first piece has a photo').not.toBeNull();
      expect(tabs?.y).toBeLessThanOrEqual(PHONE.height);
      expect(
        photo && photo.y >= 0 && photo.y + photo.height <= (tabs?.y ?? PHONE.height),
        JSON.stringify({ photo, tabs }),
      ).toBe(true);
      await audit(page, testInfo, 'home-first-screen');
      await disclosure.click();
      await expect(card.getByRole('button', { name: '5일 예보와 자세한 날씨 접기' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    } else {
      await expect(disclosure).toBeHidden();
    }
    await expect(strip).toBeVisible();

    // Five named days with their dates; the icons on one row.
    const days = strip.getByRole('button');
    await expect(days).toHaveCount(5);
    const names = await days.evaluateAll((buttons) =>
      buttons.map((b) => (b as unknown as { innerText: string }).innerText.split('\n')[0]?.trim()),
    );
    expect(names.slice(0, 3)).toEqual(['오늘', '내일', '모레']);
    for (const weekday of names.slice(3)) expect(weekday).toMatch(/^[일월화수목금토]요일$/);
    const icons = await strip
      .getByRole('img')
      .evaluateAll((els) =>
        els.map((el) =>
          Math.round((el as unknown as { getBoundingClientRect(): { y: number } }).getBoundingClientRect().y),
        ),
      );
    expect(new Set(icons).size, `icon tops ${icons.join(', ')}`).toBe(1);
    await audit(page, testInfo, 'home-five-days');

    // Every sky the card draws: white text keeps 4.5:1 on each.
    const skies = ['CLEAR', 'MOSTLY_CLOUDY', 'CLOUDY', 'CLOUDY', 'MOSTLY_CLOUDY'];
    const falls = ['NONE', 'NONE', 'RAIN', 'SNOW', 'SHOWER'];
    for (let i = 0; i < 5; i++) {
      await days.nth(i).click();
      await expect(days.nth(i)).toHaveAttribute('aria-pressed', 'true');
      const backdrop = card.locator('[data-sky]');
      await expect(backdrop).toHaveAttribute('data-sky', skies[i] ?? '');
      await expect(backdrop).toHaveAttribute('data-precipitation', falls[i] ?? '');
      await card.scrollIntoViewIfNeeded();
      await expectReadableCard(page, card, `card ${skies[i]}/${falls[i]} ${viewport.width}`);
      await card.screenshot({ path: testInfo.outputPath(`${viewport.width}-sky-${i}.png`) });
    }

    // The OOTD dialog: a missing description marks the text; nothing else does.
    await days.first().click();
    await panel.getByRole('button', { name: 'OOTD 등록' }).click();
    const dialog = page.getByRole('dialog', { name: 'OOTD 등록하기' });
    await dialog.getByRole('button', { name: '등록', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('1 OOTD에 대한 설명을 입력해주세요.');
    await expect(dialog.getByRole('textbox', { name: 'OOTD 설명' })).toHaveAttribute('aria-invalid', 'true');
    await audit(page, testInfo, 'home-ootd-dialog');
    await context.close();
  });
}
