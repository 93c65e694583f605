import { randomBytes } from 'node:crypto';
import type { E2EServer } from './server.js';

export interface TestUser {
  email: string;
  name: string;
  password: string;
}

/** Fresh credentials that pass the sign-up rules (name: 2–20 Hangul, letters, digits). */
export function newUser(prefix = 'user'): TestUser {
  const tag = randomBytes(4).toString('hex');
  return { email: `${prefix}-${tag}@otboo.e2e`, name: `옷부${tag.slice(0, 6)}`, password: `pass${tag}1` };
}

/** Signs a user up through the API (a request without cookies needs no CSRF token). */
export async function createUser(server: E2EServer, user: TestUser = newUser()): Promise<TestUser> {
  const res = await fetch(`${server.url}/api/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return user;
}
