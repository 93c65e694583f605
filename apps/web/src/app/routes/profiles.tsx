import { MessageCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ko, type UserSummary } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { getClothes } from '@/features/clothes/api/get-clothes';
import { FeedDetailDialog } from '@/features/feeds/components/feed-detail-dialog';
import { FeedGrid, PROFILE_FEED_SKELETONS } from '@/features/feeds/components/feed-grid';
import { useFeedDialog } from '@/features/feeds/hooks/use-feed-dialog';
import { FEED_LIST_DEFAULT_PARAMS, useFeedList } from '@/features/feeds/hooks/use-feed-list';
import { FollowButton } from '@/features/follows/components/follow-button';
import { FollowStats } from '@/features/follows/components/follow-stats';
import { useFollowSummary } from '@/features/follows/hooks/use-follow-summary';
import { openChat } from '@/features/messages/stores/chat-dialog-store';
import { ProfileHeader } from '@/features/profiles/components/profile-header';
import { WardrobeDrawer } from '@/features/profiles/components/wardrobe-drawer';
import { useProfile } from '@/features/users/hooks/use-profile';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session';

interface ProfilesRouteProps {
  /** Opens a conversation with the profile's user; the messages feature's chat dialog by default. */
  onSendMessage?(partner: UserSummary): void;
}

/**
 * /profiles (?userId, else the signed-in user) — a user's header, feeds and wardrobe (spec §2 "Profile page").
 * `chat=1` (a message notification's target) opens the conversation with that user once the profile is known.
 */
export function ProfilesRoute({ onSendMessage = openChat }: ProfilesRouteProps) {
  const [searchParams] = useSearchParams();
  const viewerId = useSession((s) => s.user?.id);
  const userId = searchParams.get('userId') || viewerId;

  if (!userId || !viewerId) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <p className="text-[15px] text-ink-soft">{ko.profilePage.loginRequired}</p>
      </div>
    );
  }
  // Keyed by user: moving to another profile (a follower's name) starts every list afresh.
  return <ProfileView key={userId} userId={userId} viewerId={viewerId} onSendMessage={onSendMessage} />;
}

function ProfileView({
  userId,
  viewerId,
  onSendMessage,
}: {
  userId: string;
  viewerId: string;
  onSendMessage(partner: UserSummary): void;
}) {
  const own = userId === viewerId;
  const { profile, error } = useProfileView(userId);
  useOpenChatFromAddress(own ? null : profile, onSendMessage);
  const follow = useFollowSummary(userId);
  const feeds = useFeedList({ ...FEED_LIST_DEFAULT_PARAMS, authorIdEqual: userId });
  const dialog = useFeedDialog();

  if (error) {
    return (
      <div role="alert" className="flex min-h-[50vh] items-center justify-center">
        <p className="text-[15px] text-ink-soft">{error}</p>
      </div>
    );
  }

  return (
    // Below lg the wardrobe's tab floats over the bottom right corner: the last row stays clear of it (pb-20).
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 pt-5 pb-20 sm:px-6 lg:gap-8 lg:px-8 lg:py-8 lg:pr-16">
      <ProfileHeader
        profile={profile}
        stats={<FollowStats userId={userId} summary={follow.summary} />}
        actions={
          own ? null : (
            <>
              {follow.summary ? (
                <FollowButton
                  userId={userId}
                  viewerId={viewerId}
                  summary={follow.summary}
                  onChanged={follow.reload}
                />
              ) : null}
              <Button
                variant="outline"
                disabled={!profile}
                onClick={() =>
                  profile &&
                  onSendMessage({ userId, name: profile.name, profileImageUrl: profile.profileImageUrl })
                }
              >
                <MessageCircle className="size-4" aria-hidden />
                {ko.follows.sendMessage}
              </Button>
            </>
          )
        }
      />
      <FeedGrid
        list={feeds}
        skeletons={PROFILE_FEED_SKELETONS}
        emptyText={ko.profilePage.noFeeds}
        columns="grid-cols-1 sm:grid-cols-2 lg:grid-cols-3"
        onOpen={dialog.show}
      />
      {profile ? <WardrobeDrawer ownerId={userId} ownerName={profile.name} getClothes={getClothes} /> : null}
      <FeedDetailDialog
        feedId={dialog.feed?.id ?? null}
        initialFeed={dialog.feed ?? undefined}
        open={dialog.open}
        onOpenChange={dialog.onOpenChange}
        onFeedChange={feeds.update}
        onFeedDelete={feeds.remove}
      />
    </div>
  );
}

/**
 * Opens the chat dialog with the profile's user when the address asks (`chat=1`), then takes `chat` out of the
 * address (replacing it), so that a reload or Back does not open it again.
 */
function useOpenChatFromAddress(
  profile: { userId: string; name: string; profileImageUrl: string | null } | null,
  onSendMessage: (partner: UserSummary) => void,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('chat') === '1';
  useEffect(() => {
    if (!asked || !profile) return;
    onSendMessage({ userId: profile.userId, name: profile.name, profileImageUrl: profile.profileImageUrl });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('chat');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [asked, profile, onSendMessage, setSearchParams]);
}

/** The profile's user (name and avatar); the error text when it cannot be loaded (unknown id, network). */
function useProfileView(userId: string) {
  const { data, error: cause } = useProfile(userId);
  if (data) return { profile: data, error: null };
  // An unknown user gets the server's own words; anything else the generic failure.
  const error = !cause
    ? null
    : cause instanceof ApiError && cause.status === 404
      ? cause.message
      : ko.profilePage.loadFailed;
  return { profile: null, error };
}
