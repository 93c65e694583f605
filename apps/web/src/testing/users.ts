import type { UserDto } from '@otboo/contract';

/** A signed-in user for component tests: an ordinary account with no social link, changed only where a test cares. */
export function testUser(overrides: Partial<UserDto> = {}): UserDto {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    email: 'a@otboo.e2e',
    name: '작성자',
    role: 'USER',
    locked: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    linkedOAuthProviders: [],
    ...overrides,
  };
}
