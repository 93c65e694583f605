import { crc32, deflateSync } from 'node:zlib';

type Rgb = [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real square truecolour PNG whose pixel at (x, y) is `colourAt(x, y)`. */
function pngFrom(size: number, colourAt: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) row.set(colourAt(x, y), 1 + x * 3);
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real PNG of one colour with a lighter diagonal, for avatar uploads. */
export function samplePng(size = 96, rgb: Rgb = [49, 130, 246]): Buffer {
  return pngFrom(size, (x, y) => {
    const light = Math.abs(x - y) < size / 8 ? 90 : 0;
    return [Math.min(255, rgb[0] + light), Math.min(255, rgb[1] + light), Math.min(255, rgb[2] + light)];
  });
}

/**
 * A product-style photo: a garment-shaped block of one colour in the middle of a light background, so that the
 * photo analysis (docs/api.md §9.5) finds the garment's colour apart from the border's.
 */
export function garmentPng(rgb: Rgb, size = 200, background: Rgb = [238, 238, 236]): Buffer {
  return pngFrom(size, (x, y) => {
    // A body with two sleeves: wide in the upper half, narrower below.
    const inBody = y > size * 0.18 && y < size * 0.88 && x > size * 0.3 && x < size * 0.7;
    const inSleeves = y > size * 0.18 && y < size * 0.5 && x > size * 0.15 && x < size * 0.85;
    return inBody || inSleeves ? rgb : background;
  });
}
