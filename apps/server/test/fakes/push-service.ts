import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A loopback push service (RFC 8030) that checks what a real one checks and decrypts what a browser would:
 * - the VAPID `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): an ES256 JWT signed with `k`, `aud` this
 *   service's origin, `exp` in the future and at most 24 h away, `sub` a `mailto:` or `https:` contact;
 * - `Content-Encoding: aes128gcm`, a `TTL`, an `Urgency`;
 * - the body decrypted per RFC 8291 with the device's own ECDH key pair and auth secret, made here with
 *   node:crypto exactly as a browser makes them for `PushSubscription`.
 * A request that fails any check is answered 400 and kept in `rejected`. Each device answers its queued
 * statuses first (e.g. 429 then 201), then 201; a hanging device never answers.
 */

export interface PushDevice {
  id: string;
  /** What `PushSubscription.toJSON()` gives the app. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** Statuses to answer next, in order; afterwards 201. */
  responses: number[];
  hang: boolean;
}

export interface ReceivedPush {
  deviceId: string;
  status: number;
  headers: { ttl: number; urgency: string; contentEncoding: string; vapidKey: string };
  claims: { aud: string; exp: number; sub: string };
  /** The decrypted JSON. */
  payload: { id: string; title: string; content: string; createdAt: string; url: string };
}

export interface PushServiceFake {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** TCP connections accepted so far. */
  connections: number;
  /** Every request, decrypted and checked, with the status it was answered. */
  received: ReceivedPush[];
  /** Requests that failed a check, with the reason. */
  rejected: { deviceId: string; reason: string }[];
  /** Requests per device, whatever was answered (hanging ones included). */
  attempts: Map<string, number>;
  device(options?: { responses?: number[]; hang?: boolean }): PushDevice;
  /** Resolves with the first push (answered 2xx or not) matching, waiting up to `timeoutMs`. */
  waitFor(predicate: (p: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

/** RFC 8291 §3.4 + RFC 8188: one aes128gcm record decrypted with the user agent's keys. */
export function decryptAes128gcm(body: Buffer, ua: ECDH, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Error('body shorter than the header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65 || asPublic[0] !== 0x04) throw new Error('keyid is not an uncompressed P-256 point');
  if (record.length > rs) throw new Error('more than one record');
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 0x02) throw new Error('no last-record delimiter');
  return plain.subarray(0, end);
}

/** RFC 8292 §2–3: the token verified with the key it names; returns its claims. */
export function verifyVapid(authorization: string, origin: string, nowSeconds: number) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!m) throw new Error(`not a vapid authorization: ${authorization.slice(0, 40)}`);
  const [, token, k] = m as unknown as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const [h, p, s] = token.split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { typ?: string; alg?: string };
  if (header.alg !== 'ES256') throw new Error(`alg ${header.alg}`);
  const signature = Buffer.from(s, 'base64url');
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, signature))
    throw new Error('bad ES256 signature');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 3600))
    throw new Error(`exp ${claims.exp}`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`sub ${claims.sub}`);
  return { claims, vapidKey: k };
}

export async function startPushServiceFake(): Promise<PushServiceFake> {
  const devices = new Map<string, PushDevice & { ecdh: ECDH; authSecret: Buffer }>();
  const sockets = new Set<Socket>();
  const waiters: { predicate: (p: ReceivedPush) => boolean; resolve: (p: ReceivedPush) => void }[] = [];
  let origin = '';

  const fake: PushServiceFake = {
    origin: '',
    port: 0,
    connections: 0,
    received: [],
    rejected: [],
    attempts: new Map(),
    device(options = {}) {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const device = {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(authSecret) },
        },
        responses: [...(options.responses ?? [])],
        hang: options.hang ?? false,
        ecdh,
        authSecret,
      };
      devices.set(id, device);
      return device;
    },
    waitFor(predicate, timeoutMs = 10_000) {
      const found = fake.received.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching push arrived')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (p) => {
            clearTimeout(timer);
            resolve(p);
          },
        });
      });
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    const device = id ? devices.get(id) : undefined;
    if (req.method !== 'POST' || !device) return void res.writeHead(404).end();
    fake.attempts.set(device.id, (fake.attempts.get(device.id) ?? 0) + 1);
    if (device.hang) return; // never answers; the socket is destroyed on close
    try {
      const contentEncoding = String(req.headers['content-encoding'] ?? '');
      if (contentEncoding !== 'aes128gcm') throw new Error(`Content-Encoding ${contentEncoding}`);
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) throw new Error(`TTL ${req.headers.ttl}`);
      const urgency = String(req.headers.urgency ?? '');
      if (!['very-low', 'low', 'normal', 'high'].includes(urgency)) throw new Error(`Urgency ${urgency}`);
      const { claims, vapidKey } = verifyVapid(
        String(req.headers.authorization ?? ''),
        origin,
        Math.floor(Date.now() / 1000),
      );
      const payload = JSON.parse(decryptAes128gcm(body, device.ecdh, device.authSecret).toString('utf8'));
      const status = device.responses.shift() ?? 201;
      const push: ReceivedPush = {
        deviceId: device.id,
        status,
        headers: { ttl, urgency, contentEncoding, vapidKey },
        claims,
        payload,
      };
      fake.received.push(push);
      res.writeHead(status, status === 429 ? { 'retry-after': '0' } : {}).end();
      for (const w of [...waiters]) {
        if (w.predicate(push)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(push);
        }
      }
    } catch (err) {
      fake.rejected.push({ deviceId: device.id, reason: (err as Error).message });
      res.writeHead(400).end();
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  server.on('connection', (socket) => {
    fake.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${fake.port}`;
  fake.origin = origin;
  return fake;
}
