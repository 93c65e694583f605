import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@otboo/contract';
import { createUser, signIn, signInAsAdmin, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

/** A real camera-like JPEG: 1200×800 with EXIF (owner, GPS). */
async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'secret owner', Artist: 'someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 0/1' },
    })
    .toBuffer();
}

describe('profiles', () => {
  let server: TestServer;
  let http: HttpClient;
  let me: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    me = await createUser(server);
    other = await createUser(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const url = (userId: string) => `/api/users/${userId}/profiles`;
  const patch = (body: FormData, token = me.accessToken, userId = me.id) =>
    http.patch(url(userId), { token, form: body });
  const uploads = async () =>
    readdir(path.join(server.dataDir, 'uploads', 'profiles')).catch(() => [] as string[]);

  describe('GET', () => {
    it('shows anyone’s profile to a signed-in user, with defaults for a new account', async () => {
      for (const token of [me.accessToken, other.accessToken]) {
        const res = await http.get(url(other.id), { token });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          userId: other.id,
          name: other.name,
          profileImageUrl: null,
          gender: null,
          birthDate: null,
          location: null,
          temperatureSensitivity: 2.5,
        });
      }
    });

    it('shows the owner and administrators everything; others get no gender, birth date or location', async () => {
      const owner = await createUser(server);
      const saved = await http.patch(url(owner.id), {
        token: owner.accessToken,
        json: {
          gender: 'MALE',
          birthDate: '1990-01-02',
          location: { latitude: 35.1796, longitude: 129.0756 },
          temperatureSensitivity: 4,
        },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.location).toMatchObject({ latitude: 35.1796, longitude: 129.0756 });
      const admin = await signInAsAdmin(server);
      for (const token of [owner.accessToken, admin.accessToken]) {
        expect((await http.get(url(owner.id), { token })).body).toEqual(saved.body);
      }
      const seen = await http.get(url(owner.id), { token: other.accessToken });
      expect(seen.status).toBe(200);
      expect(seen.body).toEqual({
        userId: owner.id,
        name: owner.name,
        profileImageUrl: null,
        gender: null,
        birthDate: null,
        location: null,
        temperatureSensitivity: 4,
      });
      expect(JSON.stringify(seen.body)).not.toContain('35.17');
    });

    it('answers 401 without a token, 400 for a malformed id, 404 for an unknown one', async () => {
      expect((await http.get(url(other.id))).status).toBe(401);
      expect((await http.get(url('12345'), { token: me.accessToken })).status).toBe(400);
      const unknown = await http.get(url('00000000-0000-4000-8000-000000000000'), { token: me.accessToken });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        exceptionName: 'UserNotFoundException',
        message: ko.users.notFound,
        details: {},
      });
    });
  });

  describe('PATCH', () => {
    it('updates every field from a JSON Blob part; the KMA grid comes from the coordinates', async () => {
      const res = await patch(
        multipartRequest({
          name: '새이름abc',
          gender: 'FEMALE',
          birthDate: '1995-04-03',
          location: {
            latitude: 37.5665,
            longitude: 126.978,
            x: 1,
            y: 1,
            locationNames: ['서울특별시', '중구', '명동'],
          },
          temperatureSensitivity: 2.3,
        }),
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        userId: me.id,
        name: '새이름abc',
        profileImageUrl: null,
        gender: 'FEMALE',
        birthDate: '1995-04-03',
        location: {
          latitude: 37.5665,
          longitude: 126.978,
          x: 60,
          y: 127,
          locationNames: ['서울특별시', '중구', '명동'],
        },
        temperatureSensitivity: 2.3,
      });
      expect((await http.get(url(me.id), { token: me.accessToken })).body).toEqual(res.body);
      // The name is the account's name too.
      expect((await signIn(server, me.email, me.password)).jwt.userDto.name).toBe('새이름abc');
    });

    it('accepts the JSON as a plain text field, keeps untouched fields and clears fields set to null', async () => {
      const form = new FormData();
      form.append(
        'request',
        JSON.stringify({ temperatureSensitivity: 4, gender: null, birthDate: '', location: null }),
      );
      const res = await patch(form);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        temperatureSensitivity: 4,
        gender: null,
        birthDate: null,
        location: null,
        name: '새이름abc',
      });
      const keep = await patch(multipartRequest({ location: { latitude: 35.1796, longitude: 129.0756 } }));
      // Sent without names: the server names the place (docs/api.md §4: locationNames is never empty).
      expect(keep.body.location).toMatchObject({ latitude: 35.1796, longitude: 129.0756, x: 98, y: 76 });
      expect(keep.body.location.locationNames[0]).toBe('부산광역시');
      expect(keep.body.temperatureSensitivity).toBe(4);
    });

    it('takes a plain JSON body from API clients that send no image', async () => {
      const res = await http.patch(url(me.id), {
        token: me.accessToken,
        json: { temperatureSensitivity: 1.5 },
      });
      expect(res.status).toBe(200);
      expect(res.body.temperatureSensitivity).toBe(1.5);
      expect(
        (await http.patch(url(me.id), { token: me.accessToken, json: { temperatureSensitivity: '1.5' } }))
          .status,
      ).toBe(400);
    });

    it('refuses bad fields with 400 and field details', async () => {
      const cases: [unknown, string][] = [
        [{ name: 'x' }, 'name'],
        [{ name: 'no spaces allowed' }, 'name'],
        [{ name: 'n'.repeat(5000) }, 'name'],
        [{ name: null }, 'name'],
        [{ gender: 'X' }, 'gender'],
        [{ birthDate: '2020-02-30' }, 'birthDate'],
        [{ birthDate: '3000-01-01' }, 'birthDate'],
        [{ birthDate: 19950403 }, 'birthDate'],
        [{ temperatureSensitivity: 5.5 }, 'temperatureSensitivity'],
        [{ temperatureSensitivity: -1 }, 'temperatureSensitivity'],
        [{ temperatureSensitivity: 'hot' }, 'temperatureSensitivity'],
        [{ location: { latitude: 91, longitude: 0 } }, 'location.latitude'],
        [{ location: { latitude: 37, longitude: 'east' } }, 'location.longitude'],
        [
          { location: { latitude: 37, longitude: 127, locationNames: ['x'.repeat(60)] } },
          'location.locationNames.0',
        ],
        [{ location: 'Seoul' }, 'location'],
      ];
      for (const [json, field] of cases) {
        const res = await patch(multipartRequest(json));
        expect(res.status, JSON.stringify(json)).toBe(400);
        expect(Object.keys(res.body.details ?? {}), JSON.stringify(json)).toContain(field);
      }
      for (const raw of ['{"name":', '[1,2]', '"text"']) {
        const form = new FormData();
        form.append('request', raw);
        expect((await patch(form)).status, raw).toBe(400);
      }
      expect((await http.get(url(me.id), { token: me.accessToken })).body.name).toBe('새이름abc');
    });

    it('is for one’s own profile only', async () => {
      const res = await patch(multipartRequest({ name: 'hijack' }), other.accessToken, me.id);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(ko.users.notSelf);
      expect((await http.patch(url(me.id), { form: multipartRequest({ name: 'hijack' }) })).status).toBe(401);
      expect((await patch(multipartRequest({}), me.accessToken, 'not-a-uuid')).status).toBe(400);
      expect((await http.get(url(me.id), { token: me.accessToken })).body.name).not.toBe('hijack');
    });

    it('re-encodes an avatar to WebP ≤ 512 px without EXIF and deletes the one it replaces', async () => {
      const jpeg = await jpegWithExif();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const first = await patch(multipartRequest({}, { data: jpeg, name: 'photo.jpg', type: 'image/jpeg' }));
      expect(first.status).toBe(200);
      expect(first.body.profileImageUrl).toMatch(/^\/files\/profiles\/[0-9a-f-]{36}\.webp$/);

      const image = await fetch(`${server.url}${first.body.profileImageUrl}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      const stored = Buffer.from(await image.arrayBuffer());
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBe(512);
      expect(meta.exif).toBeUndefined();
      expect(stored.toString('latin1')).not.toContain('secret owner');

      const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#00ff0080' } })
        .png()
        .toBuffer();
      // The client's file name and type are not trusted: the bytes decide.
      const second = await patch(
        multipartRequest({ name: '아바타' }, { data: png, name: 'notes.txt', type: 'text/plain' }),
      );
      expect(second.status).toBe(200);
      expect(second.body.name).toBe('아바타');
      expect(second.body.profileImageUrl).not.toBe(first.body.profileImageUrl);
      expect((await fetch(`${server.url}${first.body.profileImageUrl}`)).status).toBe(404);
      expect(await uploads()).toEqual([path.basename(second.body.profileImageUrl!)]);
      expect((await http.get(url(me.id), { token: other.accessToken })).body.profileImageUrl).toBe(
        second.body.profileImageUrl,
      );
    });

    it('refuses a non-image with 415 and a file over 5 MB with 413, storing nothing', async () => {
      const before = await uploads();
      const text = await patch(
        multipartRequest(
          {},
          { data: Buffer.from('just some text, not an image at all'), name: 'a.jpg', type: 'image/jpeg' },
        ),
      );
      expect(text.status).toBe(415);
      expect(text.body).toEqual({
        exceptionName: 'UnsupportedMediaTypeException',
        message: ko.profile.imageInvalid,
        details: {},
      });
      const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
      expect(
        (await patch(multipartRequest({}, { data: fakeJpeg, name: 'b.jpg', type: 'image/jpeg' }))).status,
      ).toBe(415);
      const huge = Buffer.concat([await jpegWithExif(), Buffer.alloc(6 * 1024 * 1024)]);
      const big = await patch(multipartRequest({}, { data: huge, name: 'big.jpg', type: 'image/jpeg' }));
      expect(big.status).toBe(413);
      expect(big.body).toEqual({
        exceptionName: 'PayloadTooLargeException',
        message: ko.profile.imageTooLarge,
        details: {},
      });
      // A bad JSON part with a valid image: nothing is stored either.
      const form = new FormData();
      form.append('request', '{"temperatureSensitivity": 9}');
      form.append('image', new Blob([await jpegWithExif()], { type: 'image/jpeg' }), 'c.jpg');
      expect((await patch(form)).status).toBe(400);
      expect(await uploads()).toEqual(before);
    });

    it('keeps the avatar of someone else’s forbidden attempt out of storage', async () => {
      const before = await uploads();
      const res = await patch(
        multipartRequest({}, { data: await jpegWithExif(), name: 'x.jpg', type: 'image/jpeg' }),
        other.accessToken,
        me.id,
      );
      expect(res.status).toBe(403);
      expect(await uploads()).toEqual(before);
      expect(existsSync(path.join(server.dataDir, 'uploads', 'profiles'))).toBe(true);
    });
  });
});
