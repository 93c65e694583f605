import { useState } from 'react';
import { ko, type FollowSummaryDto } from '@otboo/contract';
import { FollowListDialog, type FollowListKind } from '@/features/follows/components/follow-list-dialog';

interface FollowStatsProps {
  userId: string;
  summary: FollowSummaryDto | null;
}

/** The follower and following counts; each opens its list dialog. */
export function FollowStats({ userId, summary }: FollowStatsProps) {
  const [openList, setOpenList] = useState<FollowListKind | null>(null);
  // The dialog keeps its kind while it closes, so the title does not change mid-animation.
  const [kind, setKind] = useState<FollowListKind>('followers');

  function show(next: FollowListKind) {
    setKind(next);
    setOpenList(next);
  }

  return (
    <>
      <div className="flex items-center gap-1">
        <StatButton
          label={ko.follows.followers}
          count={summary?.followerCount}
          onClick={() => show('followers')}
        />
        <span aria-hidden className="h-4 w-px bg-line" />
        <StatButton
          label={ko.follows.followings}
          count={summary?.followingCount}
          onClick={() => show('followings')}
        />
      </div>
      <FollowListDialog
        kind={kind}
        userId={userId}
        open={openList !== null}
        onOpenChange={(open) => {
          if (!open) setOpenList(null);
        }}
      />
    </>
  );
}

interface StatButtonProps {
  label: string;
  count: number | undefined;
  onClick(): void;
}

/**
 * '팔로워 3': its name is what it shows, with '명' added for screen readers ('팔로워 3명'), so that it starts with
 * the visible text (WCAG 2.5.3: voice control users say what they see).
 */
function StatButton({ label, count, onClick }: StatButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      className="inline-flex items-baseline gap-1.5 rounded-lg px-2 py-1 text-[15px] text-ink-soft hover:bg-surface"
    >
      {label}{' '}
      {count === undefined ? (
        <span className="font-bold text-ink">–</span>
      ) : (
        <>
          {/* One word for screen readers ('3명'); apart, the unit would be read as a word of its own. */}
          <span aria-hidden className="font-bold text-ink tabular-nums">
            {count}
          </span>
          <span className="sr-only">
            {count}
            {ko.follows.peopleUnit}
          </span>
        </>
      )}
    </button>
  );
}
