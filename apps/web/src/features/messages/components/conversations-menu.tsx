import { MessagesSquare } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { ko } from '@otboo/contract';
import { ConversationList } from '@/features/messages/components/conversation-list';
import { openChat } from '@/features/messages/stores/chat-dialog-store';
import { totalUnread, useConversations } from '@/features/messages/hooks/use-conversations';
import { badgeText } from '@/utils/badge-text';

/**
 * The top bar's conversations entry: a message icon with the unread total, opening the conversation list
 * under it (an outside click or Escape closes it). Picking a conversation opens the chat dialog.
 */
export function ConversationsMenu({ viewerId }: { viewerId: string }) {
  // The badge needs the list once signed in; later changes come from live notifications and the chat dialog.
  const unread = totalUnread(useConversations().rooms);
  const [open, setOpen] = useState(false);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={unread > 0 ? ko.layout.messagesUnread(badgeText(unread)) : ko.layout.messages}
        className="relative flex size-11 items-center justify-center rounded-full text-ink-soft hover:bg-surface data-[state=open]:bg-surface lg:size-10"
      >
        <MessagesSquare className="size-[22px]" aria-hidden />
        {unread > 0 ? (
          <span
            aria-hidden
            className="absolute top-1 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-brand-600 px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          collisionPadding={12}
          aria-label={ko.messages.conversations}
          className="z-50 h-[480px] max-h-[calc(100dvh-72px)] w-[380px] max-w-[calc(100vw-24px)] overflow-hidden rounded-2xl border border-line bg-white shadow-xl focus:outline-none"
        >
          <ConversationList
            viewerId={viewerId}
            onPick={(partner) => {
              setOpen(false);
              openChat(partner);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
