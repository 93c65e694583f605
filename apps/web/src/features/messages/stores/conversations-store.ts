import { create } from 'zustand';
import type { DirectMessageRoomDto } from '@otboo/contract';
import { getConversations } from '@/features/messages/api/get-conversations';
import { errorText } from '@/lib/create-list-store';

interface ConversationsState {
  rooms: DirectMessageRoomDto[];
  loading: boolean;
  error: string | null;
  /** Reloads the list; calls made during a load are folded into one more load after it. */
  refresh(): Promise<void>;
  /** Shows a conversation as read before the server's list says so. */
  markReadLocally(partnerId: string): void;
  /**
   * The conversation open on screen, or null. Its messages are read as they arrive, so the list shows it
   * without unread messages even when a reload races the read receipt.
   */
  openPartnerId: string | null;
  setOpenPartner(partnerId: string | null): void;
  reset(): void;
}

let inFlight: Promise<void> | null = null;
let again = false;
let generation = 0;

/** My conversations (latest first) for the top bar's list and its unread badge. */
export const useConversations = create<ConversationsState>()((set, get) => ({
  rooms: [],
  loading: false,
  error: null,

  refresh() {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    const current = generation;
    set({ loading: true });
    inFlight = (async () => {
      do {
        again = false;
        try {
          const rooms = await getConversations();
          const open = get().openPartnerId;
          if (current === generation)
            set({
              rooms: rooms.map((room) => (room.partner.userId === open ? { ...room, unreadCount: 0 } : room)),
              error: null,
            });
        } catch (error) {
          if (current === generation) set({ error: errorText(error) });
        }
      } while (again && current === generation);
    })().finally(() => {
      inFlight = null;
      if (current === generation) set({ loading: false });
    });
    return inFlight;
  },

  openPartnerId: null,
  setOpenPartner(partnerId) {
    set({ openPartnerId: partnerId });
    if (partnerId) get().markReadLocally(partnerId);
  },

  markReadLocally(partnerId) {
    set({
      rooms: get().rooms.map((room) =>
        room.partner.userId === partnerId ? { ...room, unreadCount: 0 } : room,
      ),
    });
  },

  reset() {
    generation++;
    inFlight = null;
    again = false;
    set({ rooms: [], loading: false, error: null, openPartnerId: null });
  },
}));

/** Unread messages over every conversation (the top bar's badge). */
export const selectTotalUnread = (state: ConversationsState): number =>
  state.rooms.reduce((sum, room) => sum + room.unreadCount, 0);
