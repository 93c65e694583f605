import type { OAuthProvider, SocialLinkStart } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/**
 * POST /api/users/{id}/social-links/{provider} — starts linking a provider account to the signed-in user; the
 * browser then goes to the returned provider page (the answer sets the state cookie for its way back).
 */
export async function startSocialLink(userId: string, provider: OAuthProvider): Promise<SocialLinkStart> {
  const { data } = await apiClient.post<SocialLinkStart>(
    `/api/users/${encodeURIComponent(userId)}/social-links/${provider}`,
  );
  return data;
}
