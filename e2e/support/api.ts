import type { E2EServer } from './server.js';
import type { TestUser } from './users.js';

/**
 * Direct API calls for journey set-up (data the journey is not about). Requests carry no cookies, so
 * they need no CSRF token; the Bearer token of an API sign-in authenticates them.
 */
export interface ApiSession {
  server: E2EServer;
  accessToken: string;
  userId: string;
}

async function call<T>(
  session: Pick<ApiSession, 'server'> & { accessToken?: string },
  method: string,
  path: string,
  body?: FormData | object,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (session.accessToken) headers.Authorization = `Bearer ${session.accessToken}`;
  let payload: FormData | string | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${session.server.url}${path}`, { method, headers, body: payload });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** POST /api/auth/sign-in (multipart username, password). */
export async function signInApi(server: E2EServer, user: TestUser): Promise<ApiSession> {
  const form = new FormData();
  form.set('username', user.email);
  form.set('password', user.password);
  const jwt = await call<{ accessToken: string; userDto: { id: string } }>(
    { server },
    'POST',
    '/api/auth/sign-in',
    form,
  );
  return { server, accessToken: jwt.accessToken, userId: jwt.userDto.id };
}

export interface AttributeDef {
  id: string;
  name: string;
  selectableValues: string[];
}

/** GET /api/clothes/attribute-defs — the seeded definitions (색상, 계절, …). */
export function getAttributeDefs(session: ApiSession): Promise<AttributeDef[]> {
  return call(session, 'GET', '/api/clothes/attribute-defs?sortBy=name&sortDirection=ASCENDING');
}

export interface NewClothes {
  name: string;
  type: string;
  attributes?: { definitionId: string; value: string }[];
  image?: Buffer;
}

/** POST /api/clothes (multipart `request` JSON and an optional PNG `image`); returns the ClothesDto. */
export function createClothes(
  session: ApiSession,
  clothes: NewClothes,
): Promise<{ id: string; name: string; type: string }> {
  const form = new FormData();
  const request = {
    ownerId: session.userId,
    name: clothes.name,
    type: clothes.type,
    attributes: clothes.attributes ?? [],
  };
  form.set('request', new Blob([JSON.stringify(request)], { type: 'application/json' }));
  if (clothes.image)
    form.set(
      'image',
      new Blob([new Uint8Array(clothes.image)], { type: 'image/png' }),
      `${clothes.type.toLowerCase()}.png`,
    );
  return call(session, 'POST', '/api/clothes', form);
}

/** GET /api/weathers — five stored days for a place (central Seoul by default), today first. */
export function getWeathers(
  session: ApiSession,
  place = { longitude: 126.978, latitude: 37.5665 },
): Promise<{ id: string }[]> {
  return call(
    session,
    'GET',
    `/api/weathers?${new URLSearchParams({ longitude: String(place.longitude), latitude: String(place.latitude) })}`,
  );
}

/** POST /api/feeds as the session's user; returns the FeedDto. */
export function createFeed(
  session: ApiSession,
  feed: { weatherId: string; clothesIds: string[]; content: string },
): Promise<{ id: string; content: string }> {
  return call(session, 'POST', '/api/feeds', { authorId: session.userId, ...feed });
}
