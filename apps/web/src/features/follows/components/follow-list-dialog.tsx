import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ko, type FollowDto, type UserSummary } from '@otboo/contract';
import { Avatar } from '@/components/ui/avatar';
import { Dialog, DialogClose, DialogTitle } from '@/components/ui/dialog';
import { SearchInput } from '@/components/ui/search-input';
import { paths } from '@/config/paths';
import { getFollowers } from '@/features/follows/api/get-followers';
import { getFollowings } from '@/features/follows/api/get-followings';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import type { PageCursor } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import { useCursorList } from '@/lib/use-cursor-list';

export type FollowListKind = 'followers' | 'followings';

/** Follow lists load 20 at a time (spec §7 fixed values). */
export const FOLLOW_PAGE_SIZE = 20;
/** The name search waits this long after the last key stroke. */
export const FOLLOW_SEARCH_DEBOUNCE_MS = 300;

/** Whose list it is (the kind in the key says whether they follow or are followed), and the search. */
interface FollowListQuery {
  userId: string;
  limit: number;
  nameLike?: string;
}

const LISTS = {
  followers: {
    title: ko.follows.followers,
    queryKey: queryKeys.follows.followers<FollowListQuery>,
    fetchPage: ({ userId, ...rest }: FollowListQuery & PageCursor) =>
      getFollowers({ followeeId: userId, ...rest }),
    // In a follower list the interesting person is the one who follows.
    person: (follow: FollowDto): UserSummary => follow.follower,
  },
  followings: {
    title: ko.follows.followings,
    queryKey: queryKeys.follows.followings<FollowListQuery>,
    fetchPage: ({ userId, ...rest }: FollowListQuery & PageCursor) =>
      getFollowings({ followerId: userId, ...rest }),
    person: (follow: FollowDto): UserSummary => follow.followee,
  },
} as const;

interface FollowListDialogProps {
  kind: FollowListKind;
  userId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** '팔로워' / '팔로잉' of a user with a name search; a name closes the dialog and opens that profile. */
export function FollowListDialog({ kind, userId, open, onOpenChange }: FollowListDialogProps) {
  const title = LISTS[kind].title;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} width={420} height={560}>
      <div className="flex items-center justify-between px-6 pt-5 pb-3">
        <DialogTitle className="text-lg">{title}</DialogTitle>
        <DialogClose className="-mr-2" />
      </div>
      {/* Mounted only while open: each opening starts with an empty search and the first page. */}
      <FollowList
        key={`${kind}-${userId}`}
        kind={kind}
        userId={userId}
        title={title}
        onPick={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

function FollowList({
  kind,
  userId,
  title,
  onPick,
}: {
  kind: FollowListKind;
  userId: string;
  title: string;
  onPick(): void;
}) {
  const navigate = useNavigate();
  const list = LISTS[kind];
  const [name, setName] = useState('');
  const debounced = useDebouncedValue(name.trim(), FOLLOW_SEARCH_DEBOUNCE_MS);
  const nameLike = debounced === '' ? undefined : debounced;
  const follows = useCursorList<FollowDto, FollowListQuery>({
    queryKey: list.queryKey({ userId, limit: FOLLOW_PAGE_SIZE, nameLike }),
    fetchPage: list.fetchPage,
  });
  const { items: data, loading, error, hasNext } = follows;
  const sentinel = useInfiniteScroll<HTMLLIElement>({
    enabled: hasNext && !loading && !error,
    onReachEnd: () => void follows.loadMore(),
  });

  function pick(person: UserSummary) {
    onPick();
    navigate(paths.profiles.href(person.userId));
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <SearchInput
        variant="compact"
        label={ko.follows.searchPlaceholder}
        placeholder={ko.follows.searchPlaceholder}
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
        className="mx-6 mb-3 block"
      />
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">
        <ul aria-label={title}>
          {data.map((follow) => {
            const person = list.person(follow);
            return (
              <li key={follow.id}>
                <button
                  type="button"
                  onClick={() => pick(person)}
                  className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left hover:bg-surface"
                >
                  <Avatar src={person.profileImageUrl} alt="" size={40} />
                  <span className="truncate text-[15px] font-bold text-ink">{person.name}</span>
                </button>
              </li>
            );
          })}
          <li ref={sentinel} aria-hidden className="h-px" />
        </ul>
        {loading ? (
          <p role="status" className="py-6 text-center text-sm text-ink-muted">
            {ko.follows.loading}
          </p>
        ) : error ? (
          <p role="alert" className="py-6 text-center text-sm text-red-600">
            {error}
          </p>
        ) : data.length === 0 ? (
          <p className="py-12 text-center text-sm text-ink-muted">
            {nameLike ? ko.follows.noResults : ko.follows.emptyList(title)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
