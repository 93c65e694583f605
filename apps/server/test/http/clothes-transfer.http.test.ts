import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ko,
  type AttributeDefDto,
  type ClothesDto,
  type ClothesImportResultDto,
  type ErrorBody,
} from '@otboo/contract';
import { readCsv } from '../../src/domains/clothes/transfer/closet-csv.js';
import { zipStream, type ZipInputEntry } from '../../src/lib/zip-writer.js';
import { createUser, signInAsAdmin, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

/** The archive's files, read with yauzl on its own (not the server's reader). */
async function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  const zipfile = await yauzl.fromBufferPromise(archive, { lazyEntries: true });
  const out = new Map<string, Buffer>();
  for await (const entry of zipfile.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const c of await zipfile.openReadStreamPromise(entry)) chunks.push(c as Buffer);
    out.set(entry.fileName, Buffer.concat(chunks));
  }
  return out;
}

async function zip(entries: ZipInputEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of zipStream(entries, new Date())) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const photo = (r: number, g: number, b: number) =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'TransferCam' } })
    .toBuffer();

describe('closet export and import', () => {
  let server: TestServer;
  let http: HttpClient;
  let owner: TestUser;
  let copy: TestUser;
  let defs: Map<string, AttributeDefDto>;

  const exportOf = async (user: TestUser | null) => {
    const res = await fetch(`${server.url}/api/clothes/export`, {
      headers: user ? { authorization: `Bearer ${user.accessToken}` } : {},
    });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  };
  const importInto = (user: TestUser | null, data: Buffer, name = 'closet.zip') => {
    const form = new FormData();
    form.append('file', new Blob([data]), name);
    return http.post<ClothesImportResultDto & ErrorBody>('/api/clothes/import', {
      ...(user ? { token: user.accessToken } : {}),
      form,
    });
  };
  const closetOf = async (user: TestUser) =>
    (
      await http.get<{ data: ClothesDto[] }>('/api/clothes', {
        token: user.accessToken,
        query: { ownerId: user.id, limit: 100 },
      })
    ).body.data;
  const create = async (user: TestUser, body: Record<string, unknown>, image?: Buffer) => {
    const res = await http.post<ClothesDto>('/api/clothes', {
      token: user.accessToken,
      form: multipartRequest(
        { ownerId: user.id, ...body },
        image ? { data: image, type: 'image/jpeg', name: 'photo.jpg' } : undefined,
      ),
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const csvOf = (header: string[], rows: string[][]) =>
    Buffer.from([header, ...rows].map((r) => r.join(',')).join('\r\n') + '\r\n', 'utf8');

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [owner, copy] = await Promise.all([
      createUser(server, { prefix: 'exporter' }),
      createUser(server, { prefix: 'importer' }),
    ]);
    const list = await http.get<AttributeDefDto[]>('/api/clothes/attribute-defs', {
      token: owner.accessToken,
    });
    defs = new Map(list.body.map((d) => [d.name, d]));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 401 without a token', async () => {
    expect((await exportOf(null)).status).toBe(401);
    expect((await importInto(null, Buffer.from('name,type\r\n셔츠,TOP\r\n'), 'c.csv')).status).toBe(401);
  });

  it('exports a ZIP (CSV with BOM, formulas escaped; JSON; the stored photos) that re-imports byte for byte', async () => {
    const colour = defs.get('색상')!;
    const season = defs.get('계절')!;
    await create(
      owner,
      {
        name: '네이비 코트',
        type: 'OUTER',
        attributes: [
          { definitionId: colour.id, value: '네이비' },
          { definitionId: season.id, value: '겨울' },
        ],
      },
      await photo(30, 38, 80),
    );
    await create(
      owner,
      {
        name: '=HYPERLINK("http://evil.test","x")',
        type: 'TOP',
        attributes: [{ definitionId: colour.id, value: '레드' }],
      },
      await photo(190, 30, 40),
    );
    await create(owner, { name: '-스트라이프, "반팔"', type: 'TOP' });
    await create(owner, {
      name: '@청바지',
      type: 'BOTTOM',
      attributes: [{ definitionId: season.id, value: '봄' }],
    });

    const exported = await exportOf(owner);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/zip');
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="otboo-closet-\d{8}\.zip"$/,
    );
    const files = await unzip(exported.body);
    const csvBytes = files.get('clothes.csv')!;
    expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csvBytes.toString('utf8');
    expect(text).toContain(`'=HYPERLINK(""http://evil.test"",""x"")`);
    expect(text).toContain(`"'-스트라이프, ""반팔"""`);
    expect(text).toContain(`'@청바지`);
    const [header, ...rows] = readCsv(text);
    // Every header in Korean, the types by their Korean names (docs/api.md §9.7).
    expect(header).toEqual([
      '아이디',
      '이름',
      '종류',
      ...[...defs.keys()].sort(),
      '브랜드',
      '사이즈',
      '메모',
      '가격',
      '구입일',
      '사진',
    ]);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => r[2])).toEqual(['아우터', '상의', '상의', '하의']);
    const photoColumn = header!.indexOf('사진');
    const photoNames = rows.map((r) => r[photoColumn]).filter(Boolean) as string[];
    expect(photoNames).toHaveLength(2);
    // The photos are the stored bytes (already re-encoded at upload), not a new encoding.
    const mine = await closetOf(owner);
    for (const name of photoNames) {
      const id = path.basename(name, '.webp');
      const stored = await readFile(
        path.join(server.dataDir, 'uploads', mine.find((c) => c.id === id)!.imageUrl!.replace('/files/', '')),
      );
      expect(files.get(name)!.equals(stored)).toBe(true);
    }
    const json = JSON.parse(files.get('clothes.json')!.toString('utf8'));
    expect(json.clothes).toHaveLength(4);
    expect(json.clothes[0]).toMatchObject({ name: '네이비 코트', type: 'OUTER', photo: photoNames[0] });

    // Into another account: the same garments, attributes and photo bytes.
    const imported = await importInto(copy, exported.body);
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ created: 4, errors: [] });
    const theirs = await closetOf(copy);
    const summary = (list: ClothesDto[]) =>
      list
        .map((c) => ({
          name: c.name,
          type: c.type,
          attributes: c.attributes.map((a) => `${a.definitionName}=${a.value}`),
          photo: c.imageUrl !== null,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    expect(summary(theirs)).toEqual(summary(mine));
    expect(
      theirs.every((c) => c.ownerId === copy.id && (c.imageUrl === null || c.thumbnailUrl !== null)),
    ).toBe(true);
    const again = await unzip((await exportOf(copy)).body);
    const photosOf = (f: Map<string, Buffer>) =>
      [...f]
        .filter(([n]) => n.startsWith('photos/'))
        .map(([, b]) => b.toString('base64'))
        .sort();
    expect(photosOf(again)).toEqual(photosOf(files));
    // The same rows apart from the new ids and photo names.
    const rowsOf = (f: Map<string, Buffer>) =>
      readCsv(f.get('clothes.csv')!.toString('utf8'))
        .slice(1)
        .map((r) => r.slice(1, -1));
    expect(rowsOf(again)).toEqual(rowsOf(files));
  });

  it('carries brand, size, notes and several seasons through export and import (docs/api.md §9.8)', async () => {
    const from = await createUser(server, { prefix: 'detailsa' });
    const into = await createUser(server, { prefix: 'detailsb' });
    const colour = defs.get('색상')!;
    await create(from, {
      name: '트렌치 코트',
      type: 'OUTER',
      attributes: [{ definitionId: colour.id, value: '베이지' }],
      seasons: ['가을', '봄'],
      brand: '버버리',
      size: '95',
      notes: '드라이클리닝만\n단추 하나 여분 있음',
    });
    await create(from, { name: '반팔 티셔츠', type: 'TOP', seasons: ['여름'] });

    const files = await unzip((await exportOf(from)).body);
    const [header, ...rows] = readCsv(files.get('clothes.csv')!.toString('utf8'));
    const cell = (row: string[], column: string) => row[header!.indexOf(column)];
    const coat = rows.find((r) => cell(r, '이름') === '트렌치 코트')!;
    expect([cell(coat, '계절'), cell(coat, '브랜드'), cell(coat, '사이즈'), cell(coat, '메모')]).toEqual([
      '봄, 가을',
      '버버리',
      '95',
      // CRLF inside the cell, like the records' ends; the import stores LF again.
      '드라이클리닝만\r\n단추 하나 여분 있음',
    ]);
    const json = JSON.parse(files.get('clothes.json')!.toString('utf8'));
    expect(json.clothes[0]).toMatchObject({
      name: '트렌치 코트',
      seasons: ['봄', '가을'],
      brand: '버버리',
      size: '95',
      notes: '드라이클리닝만\n단추 하나 여분 있음',
    });

    const res = await importInto(into, files.get('clothes.csv')!, 'clothes.csv');
    expect(res.body).toEqual({ created: 2, errors: [] });
    const details = (list: ClothesDto[]) =>
      list
        .map((c) => [c.name, c.seasons, c.attributes.map((a) => a.value).join(), c.brand, c.size, c.notes])
        .sort();
    expect(details(await closetOf(into))).toEqual(details(await closetOf(from)));
    expect(details(await closetOf(into))).toEqual([
      ['반팔 티셔츠', ['여름'], '여름', null, null, null],
      ['트렌치 코트', ['봄', '가을'], '봄,베이지', '버버리', '95', '드라이클리닝만\n단추 하나 여분 있음'],
    ]);
  });

  it('still imports the old export format (English headers and type codes, no brand, size or notes)', async () => {
    const user = await createUser(server, { prefix: 'oldformat' });
    const names = [...defs.keys()].sort();
    const row = (id: string, name: string, type: string, values: Record<string, string>) => [
      id,
      name,
      type,
      ...names.map((n) => values[n] ?? ''),
      '',
    ];
    const res = await importInto(
      user,
      csvOf(
        ['id', 'name', 'type', ...names, 'photo'],
        [
          row('0f8fad5b-d9cb-469f-a165-70867728950e', '울 코트', 'OUTER', { 색상: '블랙', 계절: '겨울' }),
          row('7c9e6679-7425-40de-944b-e07fc1f90ae7', '청바지', 'BOTTOM', {}),
        ],
      ),
      'clothes.csv',
    );
    expect(res.body).toEqual({ created: 2, errors: [] });
    const closet = await closetOf(user);
    expect(
      closet.map((c) => [c.name, c.type, c.attributes.map((a) => a.value).join(), c.seasons, c.brand]),
    ).toEqual([
      ['청바지', 'BOTTOM', '', [], null],
      ['울 코트', 'OUTER', '겨울,블랙', ['겨울'], null],
    ]);
  });

  it('reports a bad brand, size, notes or season by row', async () => {
    const user = await createUser(server, { prefix: 'baddetails' });
    const res = await importInto(
      user,
      csvOf(
        ['이름', '종류', '계절', '브랜드', '사이즈', '메모'],
        [
          ['셔츠', '상의', '봄/가을', '', '', ''],
          ['바지', '하의', '"봄, 장마"', '', '', ''],
          ['코트', '아우터', '', 'b'.repeat(51), 'L'.repeat(21), 'n'.repeat(501)],
        ],
      ),
      'c.csv',
    );
    expect(res.body).toEqual({
      created: 1,
      errors: [
        { row: 3, message: ko.clothes.transfer.rowValueUnknown('계절', '봄, 장마') },
        { row: 4, message: ko.clothes.detail.brandTooLong },
        { row: 4, message: ko.clothes.detail.sizeTooLong },
        { row: 4, message: ko.clothes.detail.notesTooLong },
      ],
    });
    expect((await closetOf(user)).map((c) => c.seasons)).toEqual([['봄', '가을']]);
  });

  it('exports only the caller’s own closet', async () => {
    // By now the owner and the importer have garments and photos; a new user's export has none of them.
    const stranger = await createUser(server, { prefix: 'stranger' });
    const files = await unzip((await exportOf(stranger)).body);
    expect([...files.keys()].sort()).toEqual(['clothes.csv', 'clothes.json']);
    expect(readCsv(files.get('clothes.csv')!.toString('utf8'))).toHaveLength(1);
    expect(JSON.parse(files.get('clothes.json')!.toString('utf8')).clothes).toEqual([]);
  });

  it('imports a CSV alone (Korean headers, Korean type names, any case) without photos', async () => {
    const user = await createUser(server, { prefix: 'csvonly' });
    const res = await importInto(
      user,
      csvOf(
        ['이름', '종류', '색상', '사진'],
        [
          ['린넨 셔츠', '상의', '화이트', 'photos/x.webp'],
          ['슬랙스', 'bottom', '', ''],
        ],
      ),
      'closet.csv',
    );
    expect(res.body).toEqual({ created: 2, errors: [] });
    const closet = await closetOf(user);
    expect(closet.map((c) => [c.name, c.type, c.attributes.map((a) => a.value).join(), c.imageUrl])).toEqual([
      ['슬랙스', 'BOTTOM', '', null],
      ['린넨 셔츠', 'TOP', '화이트', null],
    ]);
  });

  it('reports bad rows by spreadsheet row and creates the others; refuses wrong columns and too many rows', async () => {
    const user = await createUser(server, { prefix: 'badrows' });
    const res = await importInto(
      user,
      csvOf(
        ['name', 'type', '색상'],
        [
          ['좋은 셔츠', 'TOP', '블랙'],
          ['', 'TOP', ''],
          ['망토', 'CAPE', '무지개'],
          ['짧은 행', 'TOP'],
          [],
          ['좋은 바지', 'BOTTOM', ''],
        ],
      ),
      'c.csv',
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: 2,
      errors: [
        { row: 3, message: ko.clothes.transfer.rowNameRequired },
        { row: 4, message: ko.clothes.transfer.rowTypeUnknown('CAPE') },
        { row: 4, message: ko.clothes.transfer.rowValueUnknown('색상', '무지개') },
        { row: 5, message: ko.clothes.transfer.rowCells(3, 2) },
      ],
    });

    const unknown = await importInto(
      user,
      csvOf(['name', 'type', '핏'], [['셔츠', 'TOP', '오버핏']]),
      'c.csv',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(ko.clothes.transfer.unknownColumns('핏'));
    const missing = await importInto(user, csvOf(['name', '색상'], [['셔츠', '블랙']]), 'c.csv');
    expect(missing.body.message).toBe(ko.clothes.transfer.missingColumns('종류'));
    const many = (n: number) =>
      csvOf(
        ['name', 'type'],
        Array.from({ length: n }, (_, i) => [`셔츠 ${i}`, 'TOP']),
      );
    const tenThousand = await importInto(user, many(10_000), 'c.csv');
    expect(tenThousand.status).toBe(400);
    expect(tenThousand.body.message).toBe(ko.clothes.transfer.tooManyRows(2000));
    expect((await importInto(user, many(2001), 'c.csv')).status).toBe(400);
    expect((await importInto(user, await photo(1, 2, 3), 'c.csv')).body.message).toBe(
      ko.clothes.transfer.notCsvOrZip,
    );
    expect(
      (await importInto(user, Buffer.from('PK\u0003\u0004 not really a zip'), 'c.zip')).body.message,
    ).toBe(ko.clothes.transfer.zipInvalid);
    expect((await importInto(user, csvOf(['name', 'type'], []), 'c.csv')).body.message).toBe(
      ko.clothes.transfer.csvEmpty,
    );
    expect((await closetOf(user)).length).toBe(2);
  });

  it('refuses unsafe archives whole (too many entries, bombs, unsafe names, encryption) and oversized photos by row', async () => {
    const user = await createUser(server, { prefix: 'unsafe' });
    const csv = (rows: string[][]) => ({
      name: 'clothes.csv',
      data: csvOf(['name', 'type', 'photo'], rows),
      compress: true,
    });
    const messageOf = async (archive: Buffer) => {
      const res = await importInto(user, archive);
      return [res.status, res.body.message];
    };

    const crowded = await zip([
      csv([['셔츠', 'TOP', '']]),
      ...Array.from({ length: 2 * 2000 + 50 }, (_, i) => ({ name: `junk/${i}.txt`, data: Buffer.from('x') })),
    ]);
    expect(await messageOf(crowded)).toEqual([400, ko.clothes.transfer.tooManyRows(2000)]);

    // 11 MB of CSV in a few kilobytes: refused from its declared size, nothing inflated.
    const bomb = await zip([
      {
        name: 'clothes.csv',
        data: Buffer.from(`name,type\r\n${'셔츠,TOP\r\n'.repeat(1_100_000)}`),
        compress: true,
      },
    ]);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await messageOf(bomb)).toEqual([413, ko.clothes.transfer.fileTooLarge]);
    // The same archive declaring a small size: stopped once the data passes it.
    const liar = Buffer.from(bomb);
    const central = liar.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    liar.writeUInt32LE(1000, central + 24);
    expect(await messageOf(liar)).toEqual([400, ko.clothes.transfer.zipInvalid]);

    // A name climbing out of the archive ('ph/x.webp' rewritten to '../x.webp' in both headers).
    const climbing = await zip([
      csv([['셔츠', 'TOP', 'ph/x.webp']]),
      { name: 'ph/x.webp', data: Buffer.from('x') },
    ]);
    let at = climbing.indexOf('ph/x.webp');
    for (; at >= 0; at = climbing.indexOf('ph/x.webp', at)) climbing.write('../x.webp', at);
    expect(await messageOf(climbing)).toEqual([400, ko.clothes.transfer.zipInvalid]);

    const encrypted = await zip([csv([['셔츠', 'TOP', '']])]);
    const header = encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(encrypted.readUInt16LE(header + 8) | 1, header + 8);
    expect(await messageOf(encrypted)).toEqual([400, ko.clothes.transfer.zipInvalid]);
    expect(await closetOf(user)).toEqual([]);

    // A photo over 10 MB (as it inflates) is that row's error; the other rows are created.
    const res = await importInto(
      user,
      await zip([
        csv([
          ['큰 사진', 'TOP', 'photos/big.webp'],
          ['사진 없는 셔츠', 'TOP', ''],
        ]),
        { name: 'photos/big.webp', data: Buffer.alloc(11 << 20), compress: true },
      ]),
    );
    expect(res.body).toEqual({
      created: 1,
      errors: [{ row: 2, message: ko.clothes.transfer.rowPhotoTooLarge('photos/big.webp') }],
    });
  });

  it('checks photos like uploads: a missing or broken photo is that row’s error; other photos are re-encoded', async () => {
    const user = await createUser(server, { prefix: 'photos' });
    const exif = await photo(46, 139, 87);
    const archive = await zip([
      { name: 'photos/good.jpg', data: exif },
      { name: 'photos/broken.webp', data: Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPnot an image') },
      {
        name: 'clothes.csv',
        data: csvOf(
          ['name', 'type', 'photo'],
          [
            ['초록 셔츠', 'TOP', 'photos/good.jpg'],
            ['깨진 사진', 'TOP', 'photos/broken.webp'],
            ['없는 사진', 'TOP', 'photos/none.webp'],
          ],
        ),
        compress: true,
      },
    ]);
    const res = await importInto(user, archive);
    expect(res.body).toEqual({
      created: 1,
      errors: [
        { row: 3, message: ko.clothes.transfer.rowPhotoInvalid('photos/broken.webp') },
        { row: 4, message: ko.clothes.transfer.rowPhotoMissing('photos/none.webp') },
      ],
    });
    const [shirt] = await closetOf(user);
    const stored = await readFile(
      path.join(server.dataDir, 'uploads', shirt!.imageUrl!.replace('/files/', '')),
    );
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1600);
  });

  // Last in this file: it adds an attribute definition, which every later export would carry as a column.
  it('round-trips every dangerous name: no exported line starts a formula, and the import gives the names back', async () => {
    const admin = await signInAsAdmin(server);
    const definition = await http.post<AttributeDefDto>('/api/clothes/attribute-defs', {
      token: admin.accessToken,
      json: { name: '=정의', selectableValues: ['@옵션', '-1', '보통'] },
    });
    expect(definition.status).toBe(201);
    const names = [
      'x\n=1+1',
      'x\n+1\n@2\n-3',
      'x\n\t=1',
      "=cmd|' /C calc'!A0",
      '@SUM(A1)',
      '-1',
      '+82 10',
      'a\tb',
      '＝1+1',
      "'=따옴표 하나",
      '"따옴표" 셔츠, 쉼표',
      '쉼표, 셔츠',
      '줄\n바꿈 "따옴표", 쉼표',
    ];
    const [author, reader] = await Promise.all([
      createUser(server, { prefix: 'formulas' }),
      createUser(server, { prefix: 'formulasback' }),
    ]);
    for (const [i, name] of names.entries())
      await create(author, {
        name,
        type: 'TOP',
        attributes: [{ definitionId: definition.body.id, value: i % 2 ? '@옵션' : '-1' }],
      });
    // A name never holds a CR (docs/security.md, input): CRLF reaches the export only as the record end.
    const withCr = await http.post('/api/clothes', {
      token: author.accessToken,
      form: multipartRequest({ ownerId: author.id, name: 'x\r\n+1', type: 'TOP' }),
    });
    expect(withCr.status).toBe(400);

    const text = (await unzip((await exportOf(author)).body)).get('clothes.csv')!.toString('utf8');
    // Every physical line of the file starts with something no spreadsheet runs, inside quotes or not.
    const lines = text.slice(1).split(/\r\n|\r|\n/);
    expect(lines.filter((line) => /^[=+\-@\t\uFF1D\uFF0B\uFF0D\uFF20]/.test(line))).toEqual([]);
    // So does every line of every cell, as a spreadsheet reads the cells.
    const cells = readCsv(text).flat();
    expect(cells.flatMap((c) => c.split('\n')).filter((l) => /^[=+\-@\t\uFF1D]/.test(l))).toEqual([]);
    expect(readCsv(text)).toHaveLength(names.length + 1);

    const imported = await importInto(reader, Buffer.from(text, 'utf8'), 'closet.csv');
    expect(imported.body).toEqual({ created: names.length, errors: [] });
    const back = await closetOf(reader);
    expect(back.map((c) => c.name).sort()).toEqual([...names].sort());
    expect(back.map((c) => c.attributes.find((a) => a.definitionName === '=정의')?.value).sort()).toEqual(
      names.map((_, i) => (i % 2 ? '@옵션' : '-1')).sort(),
    );
  });
});
