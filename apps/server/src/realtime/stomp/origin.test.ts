import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createOriginCheck } from './origin.js';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('origin check of /ws', () => {
  const allows = createOriginCheck({
    publicUrl: 'https://otboo.example.com',
    allowedOrigins: ['https://admin.example.com'],
  });

  it('lets requests without Origin through (not a browser page)', () => {
    expect(allows(request({ host: 'otboo.example.com' }))).toBe(true);
  });

  it('lets our own origin through: the host asked for, PUBLIC_URL, or a configured origin', () => {
    expect(allows(request({ host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' }))).toBe(true);
    expect(allows(request({ host: 'LOCALHOST:5173', origin: 'http://localhost:5173' }))).toBe(true);
    expect(allows(request({ host: 'internal:8080', origin: 'https://otboo.example.com' }))).toBe(true);
    expect(allows(request({ host: 'internal:8080', origin: 'https://admin.example.com' }))).toBe(true);
  });

  it('refuses other origins, other ports, null and garbage', () => {
    for (const origin of [
      'https://evil.example',
      'http://127.0.0.1:9999',
      'https://otboo.example.com.evil.example',
      'null',
      '127.0.0.1:8080',
      '',
    ])
      expect(allows(request({ host: '127.0.0.1:8080', origin })), origin).toBe(false);
    expect(allows(request({ origin: 'http://127.0.0.1:8080' }))).toBe(false);
  });
});
