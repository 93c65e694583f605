import { ko, type OAuthProvider } from '@otboo/contract';
import { Badge } from '@/components/ui/badge';

const LABELS: Record<OAuthProvider, string> = {
  google: ko.auth.providerGoogle,
  kakao: ko.auth.providerKakao,
};

/** The social accounts linked to this user (UserDto.linkedOAuthProviders). */
export function LinkedProviders({ providers }: { providers: readonly OAuthProvider[] }) {
  if (providers.length === 0)
    return <p className="text-[15px] text-ink-muted">{ko.profile.noLinkedProviders}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {providers.map((provider) => (
        <li key={provider}>
          <Badge tone="brand" className="px-3 py-1 text-[13px]">
            {LABELS[provider]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
