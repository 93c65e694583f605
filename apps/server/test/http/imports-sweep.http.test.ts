import { randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.js';
import { createS3Storage } from '../../src/adapters/storage/s3-storage.js';
import type { Storage } from '../../src/adapters/storage/storage.js';
import {
  createImportsSweeper,
  IMPORT_PHOTO_MAX_AGE_MS,
} from '../../src/domains/clothes/extraction/imports-sweeper.js';
import { processJobLock } from '../../src/lib/job-lock.js';
import { startFakeS3, type FakeS3 } from '../fakes/s3/s3-fake.js';
import { startServer, type TestServer } from '../support/start-server.js';

const PHOTO = Buffer.from('RIFF\0\0\0\0WEBPVP8 ');
const key = (folder: string) => `${folder}/${randomUUID()}.webp`;
const twoDaysAgo = () => new Date(Date.now() - 2 * IMPORT_PHOTO_MAX_AGE_MS);

describe('link-import photos are deleted a day after the import', () => {
  let server: TestServer;
  let s3: FakeS3;

  beforeAll(async () => {
    server = await startServer();
    s3 = await startFakeS3();
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  const sweeperFor = (storage: Storage) =>
    createImportsSweeper({ storage, jobLock: processJobLock, log: server.app.log });

  it('local storage: old imports go, fresh imports and garment photos stay', async () => {
    const root = server.config.storage.localDir;
    const storage = createLocalStorage(root);
    const [oldImport, freshImport, oldGarment] = [key('imports'), key('imports'), key('clothes')];
    for (const k of [oldImport, freshImport, oldGarment]) await storage.put(k, PHOTO, 'image/webp');
    for (const k of [oldImport, oldGarment]) await utimes(path.join(root, k), twoDaysAgo(), twoDaysAgo());

    expect(await sweeperFor(storage).sweep()).toBe(1);
    expect((await fetch(`${server.url}/files/${oldImport}`)).status).toBe(404);
    expect((await fetch(`${server.url}/files/${freshImport}`)).status).toBe(200);
    expect(await storage.get(oldGarment)).not.toBeNull();
    expect(await sweeperFor(storage).sweep()).toBe(0);
  });

  it('S3: lists the imports page by page and deletes the old ones only', async () => {
    const storage = createS3Storage({
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.url,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const oldImports = [key('imports'), key('imports'), key('imports')];
    const freshImports = [key('imports'), key('imports')];
    const oldGarment = key('clothes');
    for (const k of [...oldImports, ...freshImports, oldGarment]) await storage.put(k, PHOTO, 'image/webp');
    for (const k of [...oldImports, oldGarment]) s3.objects.get(k)!.lastModified = twoDaysAgo();
    s3.listPageSize = 2;

    expect(await sweeperFor(storage).sweep()).toBe(3);
    expect([...s3.objects.keys()].sort()).toEqual([...freshImports, oldGarment].sort());
    const lists = s3.requests.filter((r) => r.method === 'GET' && r.query.includes('list-type=2'));
    expect(lists).toHaveLength(3); // five imports, two per page
    expect(lists.every((r) => decodeURIComponent(r.query).includes('prefix=imports/'))).toBe(true);
  });
});
