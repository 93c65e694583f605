// Makes the install icons of the web manifest and the Apple touch icon from the mark in public/favicon.svg, so the
// home-screen icon is the tab icon. Run once after the mark changes (`node scripts/make-icons.mjs`) and commit the
// PNGs: the build only copies them. sharp comes from the workspace root (apps/server declares it).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');
const favicon = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8');
const background = favicon.match(/<rect[^>]*fill="(#[0-9a-f]{6})"/i)?.[1];
const mark = favicon.match(/<path[^>]*\/>/)?.[0];
if (!background || !mark) throw new Error('public/favicon.svg: expected a filled <rect> and one <path> mark');

/** The mark on a full square (no transparent corners), scaled around the centre of the 32-unit box. */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/>` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${mark}</g></svg>`;

const icons = [
  // purpose "any": the favicon itself, rounded corners and all.
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  // purpose "maskable": launchers crop to any shape inside the central 80% circle; the mark stays within it.
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.8) },
  // iOS rounds the corners itself and paints transparency black, so the square is full.
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.8) },
];

for (const { file, size, svg } of icons) {
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  const png = await sharp(Buffer.from(sized)).png({ compressionLevel: 9 }).toBuffer();
  await writeFile(path.join(publicDir, 'icons', file), png);
  console.log(`public/icons/${file}: ${size}×${size}, ${png.length} bytes`);
}
