import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ko } from '@otboo/contract';
import { readSmallRgba } from '../../../lib/images.js';
import { deltaE2000, srgbToLab } from './colour-space.js';
import { referenceOf } from './colour-names.js';
import { findGarmentColour, nearestColourOption } from './dominant-colour.js';

type Rgb = readonly [number, number, number];

const SEEDED = ko.attributes.defaultDefinitions.find((d) => d.name === '색상')!.selectableValues;

/** How each seeded colour might look on a product photo (deliberately not the analysis' own reference values). */
const GARMENTS: Record<string, Rgb> = {
  블랙: [35, 34, 38],
  화이트: [244, 244, 240],
  아이보리: [236, 228, 205],
  그레이: [140, 142, 145],
  차콜: [72, 72, 76],
  네이비: [30, 38, 80],
  베이지: [210, 190, 155],
  브라운: [110, 72, 40],
  카키: [105, 102, 62],
  레드: [190, 30, 40],
  와인: [110, 30, 50],
  오렌지: [235, 120, 40],
  옐로우: [240, 205, 70],
  그린: [50, 130, 80],
  민트: [165, 220, 195],
  블루: [45, 95, 185],
  스카이블루: [140, 195, 230],
  퍼플: [115, 70, 150],
  핑크: [235, 155, 180],
  실버: [190, 190, 196],
  골드: [195, 160, 80],
};

const W = 480;
const H = 600;

/** A shirt-like shape (body and two sleeves) in `colour`, shaded top to bottom with a little texture. */
function inShirt(x: number, y: number) {
  const body = x >= 0.32 * W && x < 0.68 * W && y >= 0.22 * H && y < 0.88 * H;
  const sleeves =
    y >= 0.22 * H && y < 0.5 * H && ((x >= 0.17 * W && x < 0.32 * W) || (x >= 0.68 * W && x < 0.83 * W));
  return body || sleeves;
}

function draw(
  background: (x: number, y: number) => Rgb | null,
  garment: (x: number, y: number) => Rgb,
): Buffer {
  const raw = Buffer.alloc(W * H * 4);
  let seed = 12345;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      if (inShirt(x, y)) {
        const [r, g, b] = garment(x, y);
        const shade = 1.04 - (0.1 * y) / H;
        const noise = ((seed >> 8) % 9) - 4;
        raw[i] = Math.max(0, Math.min(255, Math.round(r * shade + noise)));
        raw[i + 1] = Math.max(0, Math.min(255, Math.round(g * shade + noise)));
        raw[i + 2] = Math.max(0, Math.min(255, Math.round(b * shade + noise)));
        raw[i + 3] = 255;
      } else {
        const bg = background(x, y);
        if (bg) raw.set([...bg, 255], i);
      }
    }
  return raw;
}

const jpeg = (raw: Buffer) =>
  sharp(raw, { raw: { width: W, height: H, channels: 4 } })
    .jpeg({ quality: 88 })
    .toBuffer();
const png = (raw: Buffer) =>
  sharp(raw, { raw: { width: W, height: H, channels: 4 } })
    .png()
    .toBuffer();

async function analyse(file: Buffer, options: readonly string[] = SEEDED) {
  const finding = findGarmentColour(await readSmallRgba(file, 64, 'test'));
  return nearestColourOption(finding, options);
}

const BACKGROUNDS: Record<string, { at: (x: number, y: number) => Rgb; colours: Rgb[] }> = {
  white: { at: () => [252, 252, 252], colours: [[252, 252, 252]] },
  grey: { at: () => [188, 188, 190], colours: [[188, 188, 190]] },
  // Large tiles, like a floor or a patterned sheet: two colours and their blend after downscaling.
  patterned: {
    at: (x, y) => ((Math.floor(x / 48) + Math.floor(y / 48)) % 2 ? [225, 214, 196] : [176, 196, 210]),
    colours: [
      [225, 214, 196],
      [176, 196, 210],
    ],
  },
};

const lab = (c: Rgb) => srgbToLab(c[0], c[1], c[2]);

describe('photo colour analysis', () => {
  it('has a reference colour for every seeded 색상 option except 멀티', () => {
    for (const option of SEEDED) {
      if (option === '멀티') continue;
      expect(referenceOf(option), option).not.toBeNull();
      expect(GARMENTS[option], option).toBeDefined();
    }
  });

  for (const [bgName, bg] of Object.entries(BACKGROUNDS)) {
    it(`names every seeded colour of a garment on a ${bgName} background`, async () => {
      const wrong: string[] = [];
      for (const [option, rgb] of Object.entries(GARMENTS)) {
        const found = await analyse(await jpeg(draw(bg.at, () => rgb)));
        // A garment as light as the background cannot stand out from it: then no colour is the honest answer.
        const nearBackground = Math.min(...bg.colours.map((c) => deltaE2000(lab(c), lab(rgb)))) < 12;
        if (found !== option && !(nearBackground && found === null)) wrong.push(`${option} → ${found}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('reads transparent pixels as background', async () => {
    for (const option of ['네이비', '화이트', '베이지', '블랙']) {
      expect(
        await analyse(
          await png(
            draw(
              () => null,
              () => GARMENTS[option]!,
            ),
          ),
        ),
        option,
      ).toBe(option);
    }
  });

  it('finds nothing in white on white, or in an empty picture', async () => {
    expect(
      await analyse(
        await jpeg(
          draw(
            () => [250, 250, 250],
            () => [250, 250, 250],
          ),
        ),
      ),
    ).toBeNull();
    expect(
      await analyse(
        await png(
          draw(
            () => null,
            () => [0, 0, 0],
          ).fill(0),
        ),
      ),
    ).toBeNull();
    const finding = findGarmentColour(
      await readSmallRgba(
        await jpeg(
          draw(
            () => [255, 255, 255],
            () => [255, 255, 255],
          ),
        ),
        64,
        'test',
      ),
    );
    expect(finding.colour).toBeNull();
  });

  it('answers 멀티 when no colour dominates, and the main colour when the definition has no 멀티', async () => {
    const stripes = await jpeg(
      draw(
        () => [188, 188, 190],
        (_x, y) => (Math.floor(y / 40) % 2 ? [200, 30, 40] : [245, 245, 245]),
      ),
    );
    expect(await analyse(stripes)).toBe('멀티');
    expect(['레드', '화이트']).toContain(
      await analyse(
        stripes,
        SEEDED.filter((o) => o !== '멀티'),
      ),
    );
    // Shading alone (a navy garment darker at the hem) is still one colour.
    const shaded = await jpeg(
      draw(
        () => [252, 252, 252],
        (_x, y) => [30 + (y / H) * 8, 38 + (y / H) * 8, 80 - (y / H) * 25],
      ),
    );
    expect(await analyse(shaded)).toBe('네이비');
  });

  it('maps to options an administrator renamed, and never proposes a value the definition lacks', async () => {
    const renamed = [
      'Black',
      '흰색',
      '남색',
      '회색',
      '빨강',
      '버건디',
      '하늘색',
      'Camel',
      '기타',
      '멀티컬러',
      '다크그린',
    ];
    const cases: [Rgb, string][] = [
      [GARMENTS.네이비!, '남색'],
      [GARMENTS.블랙!, 'Black'],
      [GARMENTS.레드!, '빨강'],
      [GARMENTS.와인!, '버건디'],
      [GARMENTS.스카이블루!, '하늘색'],
      [GARMENTS.그레이!, '회색'],
      [[30, 80, 45], '다크그린'],
      [[185, 135, 85], 'Camel'],
    ];
    for (const [rgb, expected] of cases) {
      const found = await analyse(
        await jpeg(
          draw(
            () => [252, 252, 252],
            () => rgb,
          ),
        ),
        renamed,
      );
      expect(found, expected).toBe(expected);
    }
    // A 색상 definition whose options name no colour: nothing is proposed.
    expect(
      await analyse(
        await jpeg(
          draw(
            () => [252, 252, 252],
            () => GARMENTS.레드!,
          ),
        ),
        ['기타', '무늬'],
      ),
    ).toBeNull();
    // Whatever the photo, the answer is one of the options.
    expect(['블랙', '화이트']).toContain(
      await analyse(
        await jpeg(
          draw(
            () => [252, 252, 252],
            () => GARMENTS.레드!,
          ),
        ),
        ['블랙', '화이트'],
      ),
    );
  });
});
