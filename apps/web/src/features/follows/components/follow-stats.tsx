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
          spoken={ko.follows.followerCount}
          onClick={() => show('followers')}
        />
        <span aria-hidden className="h-4 w-px bg-line" />
        <StatButton
          label={ko.follows.followings}
          count={summary?.followingCount}
          spoken={ko.follows.followingCount}
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
  /** The name read out once the count is known ('팔로워 3명'). */
  spoken(count: number): string;
  onClick(): void;
}

function StatButton({ label, count, spoken, onClick }: StatButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={count === undefined ? label : spoken(count)}
      aria-haspopup="dialog"
      className="inline-flex items-baseline gap-1.5 rounded-lg px-2 py-1 text-[15px] text-ink-soft hover:bg-surface"
    >
      {label}
      <span className="font-bold text-ink tabular-nums">{count ?? '–'}</span>
    </button>
  );
}
