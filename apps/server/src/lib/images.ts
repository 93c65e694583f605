import sharp, { type Metadata } from 'sharp';
import { ko } from '@otboo/contract';
import { payloadTooLarge, unsupportedMediaType } from './errors.js';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif' | 'avif';

/** Recognises an image by its first bytes, never by the client's file name or MIME type. */
export function sniffImageFormat(buf: Buffer): ImageFormat | null {
  if (buf.length < 12) return null;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (
    buf.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    buf.subarray(0, 6).toString('latin1') === 'GIF89a'
  )
    return 'gif';
  if (buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (buf.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = buf.subarray(8, 12).toString('latin1');
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'heif';
  }
  return null;
}

/** Pixel budget: a 4000×3000 photo is 12 MP; anything past this is treated as a decompression bomb. */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface ReencodeOptions {
  /** Longest side of the stored image. */
  maxSide: number;
  /** Side of the square thumbnail; none when omitted. */
  thumbnailSide?: number;
  invalidMessage?: string;
}

export interface ReencodedImage {
  image: Buffer;
  thumbnail?: Buffer;
  width: number;
  height: number;
}

/**
 * At most this many decodes run at once: a 50 MP decode holds ~150 MB, so concurrent uploads queue here
 * instead of multiplying peak memory (the machine has 2 cores; more in parallel would not be faster).
 */
const MAX_CONCURRENT_DECODES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finishing decode hands its slot straight to the next waiter, so the count never overshoots.
  if (running >= MAX_CONCURRENT_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * Decodes an upload and re-encodes it to WebP: orientation applied, every metadata block (EXIF, GPS, XMP,
 * ICC) dropped, size bounded. Truncated or corrupt files and pixel bombs are refused before decoding.
 */
export function reencodeImage(input: Buffer, options: ReencodeOptions): Promise<ReencodedImage> {
  return withDecodeSlot(() => reencode(input, options));
}

async function reencode(input: Buffer, options: ReencodeOptions): Promise<ReencodedImage> {
  const invalid = () => unsupportedMediaType(options.invalidMessage ?? ko.clothes.imageInvalid);
  if (!sniffImageFormat(input)) throw invalid();
  const source = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  let meta: Metadata;
  try {
    meta = await source().metadata();
  } catch (err) {
    if (String((err as Error).message).includes('pixel limit'))
      throw payloadTooLarge(ko.clothes.imageTooManyPixels);
    throw invalid();
  }
  if (!meta.width || !meta.height) throw invalid();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw payloadTooLarge(ko.clothes.imageTooManyPixels);
  try {
    const { data, info } = await source()
      .rotate()
      .resize({ width: options.maxSide, height: options.maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = options.thumbnailSide
      ? await sharp(data)
          .resize({ width: options.thumbnailSide, height: options.thumbnailSide, fit: 'cover' })
          .webp({ quality: 75 })
          .toBuffer()
      : undefined;
    return { image: data, width: info.width, height: info.height, ...(thumbnail ? { thumbnail } : {}) };
  } catch {
    throw invalid();
  }
}
