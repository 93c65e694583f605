import http from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/start-server.js';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET without fetch's automatic decoding, so the encoding on the wire is what the test sees. */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('the built web app', () => {
  const script = `console.log(${JSON.stringify('옷장을 부탁해 '.repeat(400))});\n`;
  let dist: string;
  let server: TestServer;

  beforeAll(async () => {
    // A dist as the web build leaves it: hashed assets with .br and .gz copies (scripts/compress-assets.mjs).
    dist = await mkdtemp(path.join(os.tmpdir(), 'otboo-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="ko"><title>옷장을 부탁해</title></html>',
    );
    const asset = path.join(dist, 'assets', 'index-abc123.js');
    await writeFile(asset, script);
    await writeFile(`${asset}.br`, brotliCompressSync(script));
    await writeFile(`${asset}.gz`, gzipSync(script));
    server = await startServer({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset brotli-compressed when the browser takes it, cached for a year', async () => {
    const res = await rawGet(`${server.url}/assets/index-abc123.js`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body.length).toBeLessThan(script.length / 5);
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gz = await rawGet(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await rawGet(`${server.url}/assets/index-abc123.js`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('answers the app for a page load of any path, revalidated, and keeps /api 404s as JSON', async () => {
    const page = await rawGet(`${server.url}/some/deep/link`, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body.toString()).toContain('옷장을 부탁해');
    const api = await rawGet(`${server.url}/api/nothing-here`, { accept: 'text/html' });
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body.toString())).toMatchObject({ exceptionName: 'NotFoundException' });
  });
});
