import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '@otboo/contract';
import { asBrowser, refresh } from '../support/auth.js';
import { createUser, signIn } from '../support/factories.js';
import { httpClient } from '../support/http.js';
import { temporaryPasswordIn, waitForOutbox } from '../support/mail.js';
import { startServer, type TestServer } from '../support/start-server.js';

describe('auth: secrets never reach the log', () => {
  let server: TestServer;
  const logs: string[] = [];
  beforeAll(async () => {
    server = await startServer({
      env: { LOG_LEVEL: 'trace' },
      overrides: { logStream: { write: (line) => logs.push(line) } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('logs requests of the whole account flow without passwords, tokens or cookies', async () => {
    const http = httpClient(server.url);
    const user = await createUser(server, { password: 'Secr3tPassw0rd' });
    const json = await http.post('/api/auth/sign-in', {
      json: { username: user.email, password: user.password },
    });
    const failed = await http.post('/api/auth/sign-in', {
      json: { username: user.email, password: 'Wr0ngGuessPass' },
    });
    const rotated = await refresh(server, user.refreshToken);
    await http.post('/api/auth/reset-password', { json: { email: user.email } });
    const temporary = temporaryPasswordIn((await waitForOutbox(server.dataDir, 1))[0]!);
    const viaTemporary = await signIn(server, user.email, temporary);
    await http.patch(`/api/users/${user.id}/password`, {
      token: viaTemporary.jwt.accessToken,
      json: { password: 'N3wSecretPass' },
    });
    await http.post(
      '/api/auth/sign-out',
      asBrowser(viaTemporary.refreshToken, { token: viaTemporary.jwt.accessToken }),
    );
    expect([json.status, failed.status, rotated.status]).toEqual([200, 401, 200]);

    const secrets = [
      user.password,
      'Wr0ngGuessPass',
      temporary,
      'N3wSecretPass',
      user.accessToken,
      user.refreshToken,
      json.body.accessToken,
      json.setCookies[REFRESH_COOKIE]!,
      rotated.body.accessToken,
      rotated.rotated!,
      viaTemporary.jwt.accessToken,
      viaTemporary.refreshToken,
    ];
    const text = logs.join('\n');
    expect(logs.length).toBeGreaterThan(10);
    expect(text).toContain('request completed');
    for (const secret of secrets)
      expect(text.includes(secret), `a secret of length ${secret.length} was logged`).toBe(false);
    expect(text).toContain('mail written to the outbox');
  });
});
