import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { REFRESH_COOKIE, type JwtDto, type UserDto } from '@otboo/contract';
import { users } from '../../src/db/schema/index.js';
import { httpClient } from './http.js';
import type { TestServer } from './start-server.js';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  dto: UserDto;
}

let seq = 0;

/** A unique, valid e-mail/name pair. */
export function uniqueIdentity(prefix = 'user') {
  const tag = `${Date.now().toString(36)}${(++seq).toString(36)}${randomBytes(2).toString('hex')}`;
  return { email: `${prefix}.${tag}@otboo.test`, name: `${prefix}${tag}`.slice(0, 20) };
}

/** Signs in through the real multipart endpoint. */
export async function signIn(server: TestServer, email: string, password: string) {
  const form = new FormData();
  form.append('username', email);
  form.append('password', password);
  const res = await httpClient(server.url).post<JwtDto>('/api/auth/sign-in', { form });
  if (res.status !== 200) throw new Error(`sign-in failed ${res.status} ${JSON.stringify(res.body)}`);
  return { jwt: res.body, refreshToken: res.setCookies[REFRESH_COOKIE] ?? '' };
}

/** Signs up and signs in through the real API. `role: 'ADMIN'` promotes in the database before signing in. */
export async function createUser(
  server: TestServer,
  options: {
    email?: string;
    name?: string;
    password?: string;
    role?: 'USER' | 'ADMIN';
    prefix?: string;
  } = {},
): Promise<TestUser> {
  const id = uniqueIdentity(options.prefix);
  const email = options.email ?? id.email;
  const name = options.name ?? id.name;
  const password = options.password ?? 'passw0rd!';
  const res = await httpClient(server.url).post<UserDto>('/api/users', { json: { email, name, password } });
  if (res.status !== 201) throw new Error(`sign-up failed ${res.status} ${JSON.stringify(res.body)}`);
  if (options.role === 'ADMIN')
    await server.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, res.body.id));
  const { jwt, refreshToken } = await signIn(server, email, password);
  return {
    id: res.body.id,
    email,
    name,
    password,
    accessToken: jwt.accessToken,
    refreshToken,
    dto: jwt.userDto,
  };
}

/** Signs in as the bootstrap administrator that every test server creates from ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function signInAsAdmin(server: TestServer): Promise<TestUser> {
  const { email, password } = server.config.admin;
  if (!password) throw new Error('the test server has no ADMIN_PASSWORD');
  const { jwt, refreshToken } = await signIn(server, email, password);
  return {
    id: jwt.userDto.id,
    email,
    name: jwt.userDto.name,
    password,
    accessToken: jwt.accessToken,
    refreshToken,
    dto: jwt.userDto,
  };
}
