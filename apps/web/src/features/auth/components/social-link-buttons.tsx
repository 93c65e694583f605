import { useState } from 'react';
import { OAUTH_PROVIDERS, ko, type OAuthProvider } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { startSocialLink } from '@/features/auth/api/start-social-link';
import { toApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session';

/** Korean names of the providers, as the server's messages say them. */
export const PROVIDER_LABELS: Record<OAuthProvider, string> = {
  google: ko.auth.providerGoogle,
  kakao: ko.auth.providerKakao,
};

/**
 * Settings: links a Google or Kakao account to the signed-in account (one button per provider not linked yet).
 * The provider sends the browser back to settings with the outcome.
 */
export function SocialLinkButtons({
  go = (url: string) => window.location.assign(url),
}: {
  go?(url: string): void;
}) {
  const user = useSession((s) => s.user);
  const [pending, setPending] = useState<OAuthProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const unlinked = OAUTH_PROVIDERS.filter((p) => !user?.linkedOAuthProviders.includes(p));
  if (!user || unlinked.length === 0) return null;

  async function link(provider: OAuthProvider) {
    if (!user || pending) return;
    setPending(provider);
    setError(null);
    try {
      const { authorizationUrl } = await startSocialLink(user.id, provider);
      go(authorizationUrl);
    } catch (cause) {
      setError(toApiError(cause).message);
      setPending(null);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {unlinked.map((provider) => (
          <Button
            key={provider}
            variant="outline"
            disabled={pending !== null}
            onClick={() => void link(provider)}
          >
            {pending === provider
              ? ko.auth.socialLinking
              : ko.auth.socialLinkAction(PROVIDER_LABELS[provider])}
          </Button>
        ))}
      </div>
      <FormError message={error} />
    </div>
  );
}
