import { create } from 'zustand';
import { getNotifications } from '@/features/notifications/api/get-notifications';
import { onSessionEnd } from '@/stores/session';

interface UnreadCountState {
  count: number;
  /** Raises the count, e.g. when a notification arrives in real time. */
  add(by?: number): void;
  /** Lowers the count, e.g. when a notification is read. */
  subtract(by?: number): void;
  /** Takes a count the server just reported (a page's totalCount). */
  set(count: number): void;
  /** Loads the unread count from the server (the list's totalCount). */
  fetch(): Promise<void>;
  clear(): void;
}

/** The app-wide unread notification count shown on the bell (docs/product.md §3); it goes back to 0 when the session ends. */
export const useUnreadCount = create<UnreadCountState>()((set, get) => ({
  count: 0,
  add(by = 1) {
    set({ count: get().count + by });
  },
  subtract(by = 1) {
    set({ count: Math.max(0, get().count - by) });
  },
  set(count) {
    set({ count: Math.max(0, count) });
  },
  async fetch() {
    try {
      const page = await getNotifications({ limit: 1 });
      set({ count: page.totalCount });
    } catch (error) {
      // The badge is a hint; a failed count keeps the last one rather than interrupting the page.
      console.warn(error);
    }
  },
  clear() {
    set({ count: 0 });
  },
}));

onSessionEnd(() => useUnreadCount.getState().clear());
