import { lazy, Suspense } from 'react';
import { ko, type UserSummary } from '@otboo/contract';
import { Spinner } from '@/components/ui/spinner';
import { useChatDialog } from '@/features/messages/stores/chat-dialog-store';
import { useSession } from '@/stores/session';

// The dialog brings the STOMP/SockJS client (lib/stomp.ts): it is downloaded the first time a chat opens, not
// with the signed-in frame (issue 18).
const ChatDialog = lazy(async () => ({
  default: (await import('@/features/messages/components/chat-dialog')).ChatDialog,
}));

interface ChatDialogHostProps {
  /** Runs whenever the open conversation was marked read (on opening and after the partner's messages). */
  onConversationRead?(partner: UserSummary): void;
}

/** The one chat dialog of the app, showing the conversation `useChatDialog` names. Mounted once in the signed-in layout. */
export function ChatDialogHost({ onConversationRead }: ChatDialogHostProps) {
  const partner = useChatDialog((s) => s.partner);
  const viewerId = useSession((s) => s.user?.id);
  if (!viewerId || !partner) return null;
  // Keyed by partner: another conversation starts with its own history, connection and input.
  return (
    <Suspense
      fallback={
        <div className="fixed inset-0 z-40 flex items-center justify-center bg-ink/40">
          <div className="rounded-card bg-white px-5 py-4">
            <Spinner label={ko.common.loading} />
          </div>
        </div>
      }
    >
      <ChatDialog
        key={partner.userId}
        partner={partner}
        viewerId={viewerId}
        onClose={() => useChatDialog.getState().close()}
        onRead={onConversationRead}
      />
    </Suspense>
  );
}
