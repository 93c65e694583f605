import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { samplePng } from './images.js';

/** A loopback shop for link import journeys: one product page (e2e/fixtures/shop) and its photo. */
export interface Shop {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The product page with JSON-LD (린넨 오버핏 셔츠, navy linen, breadcrumb 셔츠). */
  productUrl: string;
  /** A path that answers 404, for the failure case. */
  missingUrl: string;
  /** How many times the photo was fetched (by the app server, never by the browser). */
  imageHits(): number;
  close(): Promise<void>;
}

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/shop/${name}`, import.meta.url));

/** Starts the shop on 127.0.0.1 and a free port; the app server reaches it with LINK_IMPORT_ALLOW_PRIVATE=true. */
export async function startShop(): Promise<Shop> {
  const template = await readFile(fixture('linen-shirt.html'), 'utf8');
  const photo = samplePng(240, [36, 52, 96]);
  const sockets = new Set<Socket>();
  let hits = 0;
  let base = '';

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/products/linen-shirt') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(template.replaceAll('{{base}}', base));
    } else if (path === '/img/linen-shirt.png') {
      hits++;
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': photo.length });
      res.end(photo);
    } else {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>없는 상품</title>');
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    productUrl: `${base}/products/linen-shirt`,
    missingUrl: `${base}/products/sold-out`,
    imageHits: () => hits,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
