import { create } from 'zustand';
import type { UserSummary } from '@otboo/contract';
import { onSessionEnd } from '@/stores/session';

interface ChatDialogState {
  /** The user the open conversation is with; null when the dialog is closed. */
  partner: UserSummary | null;
  open(partner: UserSummary): void;
  close(): void;
}

/**
 * Which conversation the one chat dialog shows; the profile page and the conversations list open it, and
 * the end of the session closes it.
 */
export const useChatDialog = create<ChatDialogState>()((set) => ({
  partner: null,
  open(partner) {
    set({ partner });
  },
  close() {
    set({ partner: null });
  },
}));

onSessionEnd(() => useChatDialog.getState().close());

/** Opens the chat dialog with a user (a profile's send-message button). */
export function openChat(partner: UserSummary): void {
  useChatDialog.getState().open(partner);
}
