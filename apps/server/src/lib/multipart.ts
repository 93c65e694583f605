import type { FastifyRequest } from 'fastify';
import { ko } from '@otboo/contract';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from './errors.js';

export interface UploadedFile {
  buffer: Buffer;
  filename: string;
  mimetype: string;
}

export interface MultipartContent {
  fields: Record<string, string>;
  file?: UploadedFile;
}

/**
 * What a failure while reading a multipart body answers: a limit is a 413 or 400, a body that is not multipart a
 * 415, and a body the parser cannot read (no boundary, cut short, a malformed part header, the client gone) a 400
 * with a warn-level line, never a 500: anyone can send one, sign-in needs no token. Our own errors pass, and so do
 * system errors (a temporary file that cannot be written), which are ours and stay 500s.
 */
export function multipartFailure(request: FastifyRequest, err: unknown, tooLargeMessage?: string): unknown {
  if (err instanceof AppError) return err;
  const { code, syscall } = err as { code?: string; syscall?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge(tooLargeMessage);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return badRequest();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return unsupportedMediaType();
  if (syscall) return err;
  request.log.warn(
    { method: request.method, url: request.url, reason: err instanceof Error ? err.message : String(err) },
    'malformed multipart body',
  );
  return badRequest(ko.common.malformedBody, {}, 'InvalidRequestException');
}

/**
 * Reads a small multipart request into memory: text fields plus at most one file part named `fileField`.
 * A file over `maxFileBytes` is a 413; other file parts are ignored.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { fileField?: string; maxFileBytes?: number; tooLargeMessage?: string } = {},
): Promise<MultipartContent> {
  if (!request.isMultipart()) throw unsupportedMediaType(ko.common.unsupportedMediaType);
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  const maxFileBytes = options.maxFileBytes ?? 0;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxFileBytes + 1, files: 2, fields: 20, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'field') {
        // A JSON part sent as a Blob with a content type arrives as a field with a string value.
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        continue;
      }
      if (part.fieldname === 'request' && !file) {
        // Some clients send the JSON `request` part as a file (Blob with application/json).
        fields.request = (await part.toBuffer()).toString('utf8');
        continue;
      }
      if (!options.fileField || part.fieldname !== options.fileField || file) {
        part.file.resume();
        continue;
      }
      const buffer = await part.toBuffer();
      if (buffer.length > maxFileBytes) throw payloadTooLarge(options.tooLargeMessage);
      if (buffer.length > 0) file = { buffer, filename: part.filename, mimetype: part.mimetype };
    }
  } catch (err) {
    throw multipartFailure(request, err, options.tooLargeMessage);
  }
  return file ? { fields, file } : { fields };
}

/** The JSON `request` part, parsed; a missing part is `{}` and broken JSON a 400. */
export function jsonPart(fields: Record<string, string>, name = 'request'): unknown {
  const raw = fields[name];
  if (raw === undefined || raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(ko.common.invalidInput, { [name]: ko.common.invalidInput });
  }
}
