import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { STORAGE_FOLDER_PATTERN, STORAGE_KEY_PATTERN, type Storage } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  /** Defaults to us-east-1, which S3-compatible services accept. */
  region?: string;
  /** An S3-compatible endpoint (MinIO, R2, a test fake); requests are then path-style. */
  endpoint?: string;
  /** Static keys (tests); otherwise the SDK's standard chain: AWS_* variables, shared files, instance roles. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

// DeleteObjects takes at most 1000 keys per request.
const DELETE_BATCH = 1000;

/**
 * Objects in an S3 bucket. The browser never talks to S3: plugins/files streams objects from our origin, so
 * image URLs stay `/files/<key>` whatever the storage (the CSP allows images from 'self' only, and the bucket
 * can stay private). S3_PUBLIC_URL is therefore not needed for serving; a CDN can front `/files/*` instead.
 */
export function createS3Storage(options: S3StorageOptions): Storage & { client: S3Client } {
  const client = new S3Client({
    region: options.region ?? 'us-east-1',
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible services reject the newer default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const check = (key: string) => {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${key}`);
  };
  async function deleteKeys(keys: readonly string[]): Promise<void> {
    const valid = keys.filter((k) => STORAGE_KEY_PATTERN.test(k));
    for (let i = 0; i < valid.length; i += DELETE_BATCH) {
      const batch = valid.slice(i, i + DELETE_BATCH);
      const out = await client.send(
        new DeleteObjectsCommand({
          Bucket: options.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      // S3 answers 200 with per-key errors; a missing key is not one of them (deleting it succeeds).
      const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length > 0)
        throw new Error(`S3 delete failed for ${failed.map((e) => `${e.Key}: ${e.Code}`).join(', ')}`);
    }
  }

  return {
    client,
    async put(key, data, contentType) {
      check(key);
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      if (!STORAGE_KEY_PATTERN.test(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        if (!out.Body) return null;
        const ext = key.slice(key.lastIndexOf('.') + 1);
        return {
          body: out.Body as Readable,
          contentType: out.ContentType ?? CONTENT_TYPES[ext] ?? 'application/octet-stream',
          size: out.ContentLength ?? 0,
        };
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        if (
          err instanceof S3ServiceException &&
          err.$metadata.httpStatusCode === 404 &&
          err.name === 'NoSuchKey'
        )
          return null;
        throw err;
      }
    },
    delete: deleteKeys,
    async deleteOlderThan(folder, before) {
      if (!STORAGE_FOLDER_PATTERN.test(folder)) throw new Error(`invalid storage folder ${folder}`);
      let deleted = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: options.bucket,
            Prefix: `${folder}/`,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        const old = (page.Contents ?? []).flatMap(({ Key, LastModified }) =>
          Key && STORAGE_KEY_PATTERN.test(Key) && LastModified && LastModified < before ? [Key] : [],
        );
        await deleteKeys(old);
        deleted += old.length;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return deleted;
    },
  };
}
