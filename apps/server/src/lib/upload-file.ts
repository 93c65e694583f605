import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { payloadTooLarge, unsupportedMediaType } from './errors.js';
import { multipartFailure } from './multipart.js';

export interface UploadedTempFile {
  /** A private temporary file holding the upload; `remove()` deletes it (and its folder). */
  path: string;
  size: number;
  filename: string;
  remove(): Promise<void>;
}

/**
 * Streams one multipart file part (`field`) to a temporary file instead of memory, for uploads far larger than a
 * photo (the closet import's ZIP). More than `maxBytes` is a 413 and leaves nothing behind; no such part is
 * `null`. Other parts are skipped.
 */
export async function saveUploadToTempFile(
  request: FastifyRequest,
  options: { field: string; maxBytes: number; tooLargeMessage: string },
): Promise<UploadedTempFile | null> {
  if (!request.isMultipart()) throw unsupportedMediaType();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'otboo-upload-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const file = path.join(dir, 'upload.bin');
  let saved: UploadedTempFile | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: options.maxBytes, files: 2, fields: 10, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== options.field || saved) {
        part.file.resume();
        continue;
      }
      await pipeline(part.file, createWriteStream(file, { mode: 0o600 }));
      if (part.file.truncated) throw payloadTooLarge(options.tooLargeMessage);
      saved = { path: file, size: (await stat(file)).size, filename: part.filename, remove };
    }
  } catch (err) {
    await remove();
    throw multipartFailure(request, err, options.tooLargeMessage);
  }
  if (!saved || saved.size === 0) {
    await remove();
    return null;
  }
  return saved;
}
