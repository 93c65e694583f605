import { Dialog as RadixDialog } from 'radix-ui';
import { useRef, type RefObject } from 'react';
import { ko, type UserSummary } from '@otboo/contract';
import { Avatar } from '@/components/ui/avatar';
import { DialogClose, dialogPanelClass, dialogPanelSize, useFocusReturn } from '@/components/ui/dialog';
import { ChatComposer } from '@/features/messages/components/chat-composer';
import { ChatMessageList } from '@/features/messages/components/chat-message-list';
import { useConversation } from '@/features/messages/hooks/use-conversation';
import type { StompState } from '@/lib/stomp';

interface ChatDialogProps {
  partner: UserSummary | null;
  viewerId: string;
  onClose(): void;
  onRead?(partner: UserSummary): void;
}

/** Spec §2 "Chat dialog": the partner's avatar and name, the conversation, and the input. */
export function ChatDialog({ partner, viewerId, onClose, onRead }: ChatDialogProps) {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const focusReturn = useFocusReturn();
  return (
    <RadixDialog.Root open={partner !== null} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={focusReturn.onCloseAutoFocus}
          onOpenAutoFocus={(event) => {
            focusReturn.onOpenAutoFocus();
            // The input, not the close button, is where a conversation starts.
            event.preventDefault();
            inputRef.current?.focus();
          }}
          // A full-height sheet on a phone, 440×680 in the middle of a wider screen.
          className={dialogPanelClass()}
          style={dialogPanelSize(440, 680)}
        >
          {partner ? (
            <Conversation partner={partner} viewerId={viewerId} inputRef={inputRef} onRead={onRead} />
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

interface ConversationProps {
  partner: UserSummary;
  viewerId: string;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  onRead?(partner: UserSummary): void;
}

function Conversation({ partner, viewerId, inputRef, onRead }: ConversationProps) {
  const conversation = useConversation(viewerId, partner.userId, () => onRead?.(partner));
  return (
    <>
      <div className="flex shrink-0 items-center gap-3 border-b border-line px-5 py-3.5">
        <Avatar src={partner.profileImageUrl} alt="" size={40} />
        <div className="flex min-w-0 flex-1 flex-col">
          <RadixDialog.Title className="truncate text-base font-bold text-ink">
            {partner.name}
          </RadixDialog.Title>
          <ConnectionNotice state={conversation.connectionState} />
        </div>
        <DialogClose className="-mr-2" />
      </div>
      <ChatMessageList
        partner={partner}
        viewerId={viewerId}
        messages={conversation.messages}
        loading={conversation.loading}
        error={conversation.error}
        hasOlder={conversation.hasOlder}
        onLoadOlder={() => void conversation.loadOlder()}
        onRetry={conversation.retry}
      />
      <ChatComposer
        connected={conversation.connectionState === 'connected'}
        onSend={conversation.send}
        inputRef={inputRef}
      />
    </>
  );
}

/** A quiet line under the name while the connection is not up (sending waits for it). */
function ConnectionNotice({ state }: { state: StompState }) {
  if (state === 'connected') return null;
  return (
    <p role="status" className="text-xs text-ink-muted">
      {state === 'connecting' ? ko.messages.connecting : ko.messages.disconnected}
    </p>
  );
}
