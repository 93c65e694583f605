import type { ReactNode } from 'react';
import type { ProfileDto } from '@otboo/contract';
import { Avatar } from '@/components/ui/avatar';

interface ProfileHeaderProps {
  profile: ProfileDto | null;
  /** Follower and following counts. */
  stats: ReactNode;
  /** Follow and message buttons; nothing on one's own profile. */
  actions?: ReactNode;
}

/** The top of a profile: the avatar (default image when missing), the name, the counts and the actions. */
export function ProfileHeader({ profile, stats, actions }: ProfileHeaderProps) {
  return (
    <section className="flex flex-wrap items-center gap-5 rounded-[var(--radius-card)] border border-line bg-white px-5 py-5 sm:gap-6 sm:px-8 sm:py-7">
      <Avatar src={profile?.profileImageUrl} alt="" size={96} className="ring-4 ring-surface" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h1 className="truncate text-2xl font-bold text-ink">
          {profile ? (
            profile.name
          ) : (
            <span
              aria-hidden
              className="inline-block h-7 w-32 animate-pulse rounded bg-surface align-middle"
            />
          )}
        </h1>
        <div className="-ml-2">{stats}</div>
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </section>
  );
}
