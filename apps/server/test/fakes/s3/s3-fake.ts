import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A loopback S3-compatible server speaking the real REST protocol for what otboo uses: path-style
 * PUT/GET/HEAD/DELETE object, POST ?delete (DeleteObjects) and GET ?list-type=2 (ListObjectsV2, paged by
 * `listPageSize`), AWS Signature V4 checked on every request,
 * payload hashes and Content-MD5 verified, and errors in S3's XML format.
 */
export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  cacheControl?: string;
  etag: string;
  lastModified: Date;
}

export interface FakeS3 {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, FakeS3Object>;
  /** Every request as received: method, raw path and query. */
  requests: { method: string; path: string; query: string }[];
  /** Keys per ListObjectsV2 page at most (S3's is 1,000); tests lower it to see the paging. */
  listPageSize: number;
  close(): Promise<void>;
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const xmlUnescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it. */
const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq));
      const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
      return [uriEncode(name), uriEncode(value)] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
}

/** Verifies the Authorization header (AWS4-HMAC-SHA256) against the request as received. */
function verifySignature(
  req: http.IncomingMessage,
  rawPath: string,
  rawQuery: string,
  body: Buffer,
  s3: Pick<FakeS3, 'accessKeyId' | 'secretAccessKey' | 'region'>,
) {
  const auth = req.headers.authorization;
  if (!auth) throw new S3Error(403, 'AccessDenied', 'Access Denied');
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
  const [, accessKeyId, date, region, signedHeaders, signature] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (accessKeyId !== s3.accessKeyId)
    throw new S3Error(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  if (region !== s3.region)
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `the region '${region}' is wrong; expecting '${s3.region}'`,
    );
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date))
    throw new S3Error(403, 'SignatureDoesNotMatch', 'x-amz-date does not match the credential scope');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!payloadHash)
    throw new S3Error(
      400,
      'InvalidRequest',
      'Missing required header for this request: x-amz-content-sha256',
    );
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
    throw new S3Error(
      400,
      'XAmzContentSHA256Mismatch',
      'The provided x-amz-content-sha256 header does not match what was computed.',
    );
  }
  const headers = signedHeaders.split(';');
  if (!headers.includes('host')) throw new S3Error(403, 'SignatureDoesNotMatch', 'host must be signed');
  const canonicalHeaders = headers
    .map((h) => {
      const value = req.headers[h];
      const text = Array.isArray(value) ? value.join(',') : String(value ?? '');
      return `${h}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    req.method,
    rawPath,
    canonicalQuery(rawQuery),
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${s3.secretAccessKey}`, date), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
}

function checkContentMd5(req: http.IncomingMessage, body: Buffer) {
  const md5 = req.headers['content-md5'];
  if (md5 && createHash('md5').update(body).digest('base64') !== md5)
    throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
  return Boolean(md5);
}

export async function startFakeS3(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? 'otboo-test';
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3['requests'] = [];
  const creds = {
    region: options.region ?? 'ap-northeast-2',
    accessKeyId: options.accessKeyId ?? 'AKIAOTBOOTEST0000001',
    secretAccessKey: options.secretAccessKey ?? 'otboo-test-secret-key-0123456789abcdefghij',
  };

  const state = { listPageSize: 1000 };

  /** A ListObjectsV2 page: keys in byte order after the continuation token (here: the last key, base64). */
  function listObjectsV2(params: URLSearchParams): string {
    const prefix = params.get('prefix') ?? '';
    const max = Math.min(Number(params.get('max-keys') ?? 1000), state.listPageSize);
    const token = params.get('continuation-token');
    const after = token ? Buffer.from(token, 'base64').toString('utf8') : (params.get('start-after') ?? '');
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = keys.slice(0, max);
    const truncated = keys.length > page.length;
    const contents = page
      .map((k) => {
        const o = objects.get(k)!;
        return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const next = truncated
      ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64')}</NextContinuationToken>`
      : '';
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="${XMLNS}"><Name>${xmlEscape(bucket)}</Name>` +
      `<Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys>` +
      `${token ? `<ContinuationToken>${xmlEscape(token)}</ContinuationToken>` : ''}<IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`
    );
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const requestId = randomBytes(8).toString('hex').toUpperCase();
      const raw = req.url ?? '/';
      const q = raw.indexOf('?');
      const rawPath = q < 0 ? raw : raw.slice(0, q);
      const rawQuery = q < 0 ? '' : raw.slice(q + 1);
      requests.push({ method: req.method ?? '', path: rawPath, query: rawQuery });
      const segments = rawPath.split('/').slice(1);
      const bucketName = decodeURIComponent(segments[0] ?? '');
      const key = segments.slice(1).map(decodeURIComponent).join('/');
      const resource = decodeURIComponent(rawPath);
      const body = Buffer.concat(chunks);
      res.setHeader('x-amz-request-id', requestId);
      res.setHeader('server', 'FakeS3');
      try {
        verifySignature(req, rawPath, rawQuery, body, creds);
        if (bucketName !== bucket)
          throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', {
            BucketName: bucketName,
          });
        const params = new URLSearchParams(rawQuery);
        if (req.method === 'POST' && params.has('delete') && !key) {
          const hasChecksum =
            checkContentMd5(req, body) ||
            Object.keys(req.headers).some((h) => h.startsWith('x-amz-checksum-'));
          if (!hasChecksum)
            throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: Content-MD5');
          const xml = body.toString('utf8');
          const keys = [...xml.matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((k) => xmlUnescape(k[1]!));
          if (keys.length > 1000)
            throw new S3Error(
              400,
              'MalformedXML',
              'The XML you provided was not well-formed or did not validate against our published schema',
            );
          const quiet = /<Quiet>\s*true\s*<\/Quiet>/i.test(xml);
          for (const k of keys) objects.delete(k);
          const deleted = quiet
            ? ''
            : keys.map((k) => `<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`).join('');
          res.writeHead(200, { 'content-type': 'application/xml' });
          return res.end(
            `<?xml version="1.0" encoding="UTF-8"?>\n<DeleteResult xmlns="${XMLNS}">${deleted}</DeleteResult>`,
          );
        }
        if (req.method === 'GET' && !key && params.get('list-type') === '2') {
          res.writeHead(200, { 'content-type': 'application/xml' });
          return res.end(listObjectsV2(params));
        }
        if (!key)
          throw new S3Error(
            405,
            'MethodNotAllowed',
            'The specified method is not allowed against this resource.',
          );
        if (req.method === 'PUT') {
          checkContentMd5(req, body);
          const etag = `"${createHash('md5').update(body).digest('hex')}"`;
          objects.set(key, {
            body,
            contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
            ...(req.headers['cache-control'] ? { cacheControl: String(req.headers['cache-control']) } : {}),
            etag,
            lastModified: new Date(),
          });
          res.writeHead(200, { etag });
          return res.end();
        }
        if (req.method === 'GET' || req.method === 'HEAD') {
          const object = objects.get(key);
          if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
          res.writeHead(200, {
            'content-type': object.contentType,
            'content-length': String(object.body.length),
            etag: object.etag,
            'last-modified': object.lastModified.toUTCString(),
            ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
          });
          return res.end(req.method === 'GET' ? object.body : undefined);
        }
        if (req.method === 'DELETE') {
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        }
        throw new S3Error(
          405,
          'MethodNotAllowed',
          'The specified method is not allowed against this resource.',
        );
      } catch (err) {
        const e =
          err instanceof S3Error
            ? err
            : new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
        const extra = Object.entries(e.extra)
          .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
          .join('');
        res.writeHead(e.status, { 'content-type': 'application/xml' });
        // HEAD answers carry no body, like S3's.
        res.end(
          req.method === 'HEAD'
            ? undefined
            : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${e.code}</Code><Message>${xmlEscape(e.message)}</Message>${extra}<Resource>${xmlEscape(resource)}</Resource><RequestId>${requestId}</RequestId><HostId>${randomBytes(16).toString('base64')}</HostId></Error>`,
        );
      }
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    ...creds,
    objects,
    requests,
    get listPageSize() {
      return state.listPageSize;
    },
    set listPageSize(n: number) {
      state.listPageSize = n;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
