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
  const worker = `self.addEventListener('fetch', () => {});\n${'// 옷장을 부탁해\n'.repeat(100)}`;
  const manifest = JSON.stringify({ name: '옷장을 부탁해', start_url: '/#/recommendations' });
  let tmp: string;
  let dist: string;
  let server: TestServer;

  beforeAll(async () => {
    // A dist as the web build leaves it: hashed assets with .br and .gz copies (scripts/compress-assets.mjs), the
    // service worker, the manifest and the icons at the root. It sits inside a folder named `assets` so that
    // only the dist's own assets/ counts as hashed, not any `assets` on the way to it.
    tmp = await mkdtemp(path.join(os.tmpdir(), 'otboo-web-'));
    dist = path.join(tmp, 'assets', 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await mkdir(path.join(dist, 'icons'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="ko"><title>옷장을 부탁해</title></html>',
    );
    const asset = path.join(dist, 'assets', 'index-abc123.js');
    await writeFile(asset, script);
    await writeFile(`${asset}.br`, brotliCompressSync(script));
    await writeFile(`${asset}.gz`, gzipSync(script));
    await writeFile(path.join(dist, 'assets', 'noto-sans-kr-korean-400-normal-CmjJz_gz.woff2'), 'wOF2');
    await writeFile(path.join(dist, 'sw.js'), worker);
    await writeFile(path.join(dist, 'sw.js.br'), brotliCompressSync(worker));
    await writeFile(path.join(dist, 'manifest.webmanifest'), manifest);
    await writeFile(path.join(dist, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    server = await startServer({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await server?.close();
    await rm(tmp, { recursive: true, force: true });
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

  it('revalidates the service worker on every check, compressed or not, as JavaScript', async () => {
    for (const encoding of ['br', 'identity']) {
      const res = await rawGet(`${server.url}/sw.js`, { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
    }
  });

  it('sends the manifest as application/manifest+json, revalidated', async () => {
    const res = await rawGet(`${server.url}/manifest.webmanifest`, {});
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(res.body.toString())).toMatchObject({ name: '옷장을 부탁해' });
  });

  it('revalidates the page itself and the icons, whose names do not change between versions', async () => {
    for (const file of ['/', '/index.html']) {
      const res = await rawGet(`${server.url}${file}`, { accept: 'text/html' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const icon = await rawGet(`${server.url}/icons/icon-192.png`, {});
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('keeps every hashed asset, fonts included, for a year', async () => {
    const res = await rawGet(`${server.url}/assets/noto-sans-kr-korean-400-normal-CmjJz_gz.woff2`, {});
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
