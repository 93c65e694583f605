import sharp from 'sharp';

/**
 * The second security review's photo (issue 21): 7000×7000, 16-bit RGBA, Adam7-interlaced PNG of one colour. It
 * compresses to a few hundred KB and decodes to ~400 MB (interlacing makes libvips decode it whole). Takes about
 * two seconds to make: make it once per suite.
 */
export function reviewPng(): Promise<Buffer> {
  return sharp({
    create: { width: 7000, height: 7000, channels: 4, background: { r: 200, g: 200, b: 205, alpha: 1 } },
  })
    .toColourspace('rgb16')
    .png({ progressive: true, compressionLevel: 9 })
    .toBuffer();
}
