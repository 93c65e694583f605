import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko, type UserDto } from '@otboo/contract';
import { startSocialLink } from '@/features/auth/api/start-social-link';
import { SocialLinkButtons } from '@/features/auth/components/social-link-buttons';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session';

vi.mock('@/features/auth/api/start-social-link', () => ({ startSocialLink: vi.fn() }));

const USER: UserDto = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  email: 'me@example.com',
  name: '나',
  role: 'USER',
  locked: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  linkedOAuthProviders: ['google'],
};

async function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('SocialLinkButtons', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(startSocialLink).mockReset();
    useSession.setState({ accessToken: null, user: null });
  });

  it('offers the providers not linked yet and goes to the provider page the server gives', async () => {
    useSession.setState({ accessToken: 'token', user: USER });
    vi.mocked(startSocialLink).mockResolvedValueOnce({
      authorizationUrl: 'https://kauth.example/authorize?x=1',
    });
    const go = vi.fn();
    render(<SocialLinkButtons go={go} />);
    expect(
      screen.queryByRole('button', { name: ko.auth.socialLinkAction(ko.auth.providerGoogle) }),
    ).toBeNull();
    await click(ko.auth.socialLinkAction(ko.auth.providerKakao));
    expect(startSocialLink).toHaveBeenCalledWith(USER.id, 'kakao');
    expect(go).toHaveBeenCalledWith('https://kauth.example/authorize?x=1');
  });

  it("shows the server's reason when linking cannot start (e.g. signed in too long ago)", async () => {
    useSession.setState({ accessToken: 'token', user: USER });
    vi.mocked(startSocialLink).mockRejectedValueOnce(
      new ApiError(ko.auth.socialLinkReauth, 403, { message: ko.auth.socialLinkReauth }),
    );
    const go = vi.fn();
    render(<SocialLinkButtons go={go} />);
    await click(ko.auth.socialLinkAction(ko.auth.providerKakao));
    expect(screen.getByRole('alert')).toHaveTextContent(ko.auth.socialLinkReauth);
    expect(go).not.toHaveBeenCalled();
  });
});
