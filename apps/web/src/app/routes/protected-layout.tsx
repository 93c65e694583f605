import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ko } from '@otboo/contract';
import { takeEarlyRenewal } from '@/app/renew-session-early';
import { AppLayout } from '@/components/layouts/app-layout';
import { OfflineNotice } from '@/components/pwa/offline-notice';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ChatDialogHost } from '@/features/messages/components/chat-dialog-host';
import { ConversationsMenu } from '@/features/messages/components/conversations-menu';
import { refreshConversations } from '@/features/messages/hooks/use-conversations';
import { useChatDialog } from '@/features/messages/stores/chat-dialog-store';
import {
  isMessageNotification,
  isNotificationFromPartner,
} from '@/features/messages/utils/message-notification';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useUnreadCount } from '@/features/notifications/stores/unread-count-store';
import { forgetPushDevice } from '@/features/push/utils/forget-push-device';
import { useProfile } from '@/features/users/hooks/use-profile';
import { useOnline } from '@/hooks/use-online';
import { selectAuthenticated, useSession } from '@/stores/session';

/**
 * The route guard and signed-in frame of spec §2: without a session it asks the refresh cookie for one
 * and, when that fails, replaces the history entry with the login page. Children render only with a user:
 * authenticated, or the one this phone remembers, with the data it kept — while the session renewal started with
 * the app is on its way (app/renew-session-early.ts: the returning user's home shows at once, issue 23), or offline
 * (the refresh got no answer: stores/session.ts), under the offline notice until the connection is back and the
 * session renewed.
 */
export function ProtectedLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const authenticated = useSession(selectAuthenticated);
  const user = useSession((s) => s.user);
  const renewalUnanswered = useSession((s) => s.offline);
  const profile = useProfile(user?.id).data;
  const online = useOnline();

  useEffect(() => {
    // The renewal started with the app (app/renew-session-early.ts) is taken once, answered or not yet.
    let early = takeEarlyRenewal();
    if (authenticated) return;
    let active = true;
    const renew = () => {
      const pending = early ?? useSession.getState().refresh({ throwOnError: true });
      early = null;
      pending.catch(() => {
        // Offline the remembered user stays; only a refused session goes to the login page.
        if (active && !useSession.getState().user) navigate(paths.auth.login.href(), { replace: true });
      });
    };
    renew();
    // Signed in offline: the session is renewed as soon as the connection is back.
    addEventListener('online', renew);
    return () => {
      active = false;
      removeEventListener('online', renew);
    };
  }, [authenticated, navigate]);

  if (!user) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label={ko.common.loading} />
      </div>
    );
  }

  async function signOut() {
    // This device stops getting the user's pushes while the session can still tell the server so.
    await forgetPushDevice();
    // Ending the session clears every cached server read and the user's client state (stores/session.ts).
    await useSession.getState().signOut();
    navigate(paths.auth.login.href(), { replace: true });
  }

  return (
    <AppLayout
      user={user}
      avatarUrl={profile?.userId === user.id ? profile.profileImageUrl : null}
      bell={
        <NotificationBell
          // A message notification means a conversation changed: the list and its badge reload.
          onNotification={(notification) => {
            if (isMessageNotification(notification)) void refreshConversations(queryClient);
          }}
          // The open chat dialog already shows its partner's messages: their notifications are read at once.
          isOnScreen={(notification) =>
            isNotificationFromPartner(notification, useChatDialog.getState().partner)
          }
        />
      }
      messages={<ConversationsMenu viewerId={user.id} />}
      onSignOut={() => void signOut()}
    >
      {online && !renewalUnanswered ? null : <OfflineNotice />}
      <Outlet />
      <ChatDialogHost
        // The server reads a conversation's message notifications with it: the bell takes the new count.
        onConversationRead={() => void useUnreadCount.getState().fetch()}
      />
    </AppLayout>
  );
}
