import os from 'node:os';
import type { Metadata } from 'sharp';
import { ko } from '@otboo/contract';
import { payloadTooLarge, unsupportedMediaType } from './errors.js';
import { createFairQueue, type FairQueueEvent } from './fair-queue.js';

/**
 * sharp (libvips) is loaded with the first image, not with the app: importing it took 140–250 ms of every start
 * (`npm run bench -- startup`, heaviest imports), and most starts see no upload for a while.
 */
let sharpModule: Promise<typeof import('sharp')> | undefined;
async function loadSharp() {
  sharpModule ??= import('sharp');
  return (await sharpModule).default;
}

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
  /** Whose turn the decode takes (lib/fair-queue.ts): a user id, or another stable key for work of no user. */
  owner: string;
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

/** Memory one large decode holds: a 7000×7000 16-bit RGBA PNG (interlaced: decoded whole) is ~400 MB, measured. */
export const LARGE_DECODE_BYTES = 400 * 2 ** 20;

/**
 * Decode slots for `memoryBytes` of image memory: one per large decode that fits, at least one, and no more than
 * the cores (libvips already spreads one decode over every core; more at once only adds memory).
 */
export function decodeSlotsFor(memoryBytes: number, cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(cores, Math.floor(memoryBytes / LARGE_DECODE_BYTES)));
}

/** By default image work may use a quarter of the machine's memory (IMAGE_MEMORY_MB sets it). */
export const defaultImageMemoryBytes = () => Math.floor(os.totalmem() / 4);

/** What image work reports: the queue's events, and each decode with its declared size (tests, the benchmark). */
export type ImageWorkEvent =
  FairQueueEvent | { type: 'decoded'; owner: string; width: number; height: number };
const observers = new Set<(event: ImageWorkEvent) => void>();
const report = (event: ImageWorkEvent) => {
  for (const observer of observers) observer(event);
};

/** Watches image work in this process until the returned function is called. */
export function observeImageWork(observer: (event: ImageWorkEvent) => void): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/**
 * Every decode of the process (uploads, avatars, analyses, imports, link import) waits here: at most
 * `decodeSlotsFor(memory)` at once, so peak memory stays near slots × 400 MB whatever arrives, and per user in
 * turn (lib/fair-queue.ts), so one user's import or flood of analyses delays another user's photo by at most the
 * one job of theirs that is running. The slots are process-wide because memory is.
 */
const decodes = createFairQueue(decodeSlotsFor(defaultImageMemoryBytes()), report);

/** Sets the decode slots from the configured image memory (the app does it once at start). */
export function configureImageWork(options: { memoryBytes: number }) {
  decodes.setConcurrency(decodeSlotsFor(options.memoryBytes));
}

/**
 * Decodes an upload and re-encodes it to WebP: orientation applied, every metadata block (EXIF, GPS, XMP,
 * ICC) dropped, size bounded. Truncated or corrupt files and pixel bombs are refused before decoding. `owner` is
 * whose turn it takes in the decode queue: the user's id.
 */
export function reencodeImage(input: Buffer, options: ReencodeOptions): Promise<ReencodedImage> {
  return decodes.run(options.owner, async () =>
    reencode(await checkedSource(input, options.owner, options.invalidMessage), options),
  );
}

/**
 * The checks every upload passes before its pixels are decoded: recognised by its bytes (else 415), and its
 * metadata readable with at most MAX_INPUT_PIXELS pixels (else 413). Returns a factory of sharp pipelines that
 * fail on corrupt or truncated data and keep the pixel limit.
 */
async function checkedSource(input: Buffer, owner: string, invalidMessage?: string) {
  const invalid = () => unsupportedMediaType(invalidMessage ?? ko.clothes.imageInvalid);
  if (!sniffImageFormat(input)) throw invalid();
  const sharp = await loadSharp();
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
  // Each checked source is decoded once, right after this.
  report({ type: 'decoded', owner, width: meta.width, height: meta.height });
  return { source, meta, invalid };
}

type CheckedSource = Awaited<ReturnType<typeof checkedSource>>;

async function reencode(
  { source, invalid }: CheckedSource,
  options: ReencodeOptions,
): Promise<ReencodedImage> {
  try {
    const { data, info } = await source()
      .rotate()
      .resize({ width: options.maxSide, height: options.maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = options.thumbnailSide
      ? await (
          await loadSharp()
        )(data)
          .resize({ width: options.thumbnailSide, height: options.thumbnailSide, fit: 'cover' })
          .webp({ quality: 75 })
          .toBuffer()
      : undefined;
    return { image: data, width: info.width, height: info.height, ...(thumbnail ? { thumbnail } : {}) };
  } catch {
    throw invalid();
  }
}

/**
 * The pixel count an upload declares, from its header alone (nothing decoded, no decode slot): what decoding it
 * would cost. Null when it would be refused before decoding anyway (not an image, unreadable header, over
 * MAX_INPUT_PIXELS).
 */
export async function declaredPixels(input: Buffer): Promise<number | null> {
  if (!sniffImageFormat(input)) return null;
  const sharp = await loadSharp();
  try {
    const { width, height } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return width && height && width * height <= MAX_INPUT_PIXELS ? width * height : null;
  } catch {
    return null;
  }
}

export interface RgbaPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * A small sRGB RGBA copy of an upload (longest side at most `maxSide`), after the same checks as reencodeImage,
 * in a decode slot taken in `owner`'s turn. The pipeline only shrinks: JPEG and WebP decode at 1/2–1/8 size
 * (shrink-on-load) and the rest is read sequentially, so even a 50-megapixel JPEG costs a few megabytes and tens
 * of milliseconds (an interlaced PNG is decoded whole, though: ~400 MB at 7000×7000 in 16 bits).
 */
export function readSmallRgba(input: Buffer, maxSide: number, owner: string): Promise<RgbaPixels> {
  return decodes.run(owner, async () => {
    const { source, invalid } = await checkedSource(input, owner);
    try {
      const { data, info } = await source()
        .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .ensureAlpha()
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
      if (info.channels !== 4) throw invalid();
      return { data, width: info.width, height: info.height };
    } catch (err) {
      if (err instanceof Error && 'statusCode' in err) throw err;
      throw invalid();
    }
  });
}

/**
 * True when `input` is a WebP as this server stores photos: one still image (VP8, VP8L, or VP8X with alpha only),
 * no metadata chunk (EXIF, XMP, ICC), no animation, nothing after the RIFF container. The closet import keeps such
 * a photo byte for byte (so an export re-imported exports the same bytes); anything else is re-encoded.
 */
export function isPlainStoredWebp(input: Buffer): boolean {
  if (sniffImageFormat(input) !== 'webp') return false;
  if (input.readUInt32LE(4) + 8 !== input.length) return false;
  let p = 12;
  let image = false;
  while (p + 8 <= input.length) {
    const kind = input.subarray(p, p + 4).toString('latin1');
    const size = input.readUInt32LE(p + 4);
    const next = p + 8 + size + (size & 1);
    if (next > input.length) return false;
    if (kind === 'VP8X') {
      // Flags: ICC 0x20, alpha 0x10, EXIF 0x08, XMP 0x04, animation 0x02: only alpha may be set.
      if (size < 10 || (input.readUInt8(p + 8) & ~0x10) !== 0) return false;
    } else if (kind === 'VP8 ' || kind === 'VP8L') {
      if (image) return false;
      image = true;
    } else if (kind !== 'ALPH') return false;
    p = next;
  }
  return image && p === input.length;
}

/**
 * An imported photo, checked like an upload: a plain stored WebP within `maxSide` is kept as it is (its thumbnail
 * made from it), anything else is re-encoded exactly as an upload would be. Decoding the thumbnail proves the
 * kept bytes decode in full.
 */
export function acceptImportedImage(
  input: Buffer,
  options: ReencodeOptions & { thumbnailSide: number },
): Promise<ReencodedImage & { kept: boolean }> {
  return decodes.run(options.owner, async () => {
    const checked = await checkedSource(input, options.owner, options.invalidMessage);
    const { source, meta, invalid } = checked;
    if (
      !isPlainStoredWebp(input) ||
      Math.max(meta.width ?? 0, meta.height ?? 0) > options.maxSide ||
      (meta.pages ?? 1) > 1
    )
      return { ...(await reencode(checked, options)), kept: false };
    try {
      const thumbnail = await source()
        .resize({ width: options.thumbnailSide, height: options.thumbnailSide, fit: 'cover' })
        .webp({ quality: 75 })
        .toBuffer();
      return { image: input, thumbnail, width: meta.width ?? 0, height: meta.height ?? 0, kept: true };
    } catch {
      throw invalid();
    }
  });
}
