/** One SUBSCRIBE of one connection. */
export interface Subscription {
  id: string;
  destination: string;
  session: Subscriber;
}

/** The connection a subscription belongs to, as fan-out sees it. */
export interface Subscriber {
  message(sub: Subscription, body: string): void;
}

/** Every connection's subscriptions by destination, for fan-out. */
export function createSubscriptionRegistry() {
  const byDestination = new Map<string, Set<Subscription>>();

  return {
    add(sub: Subscription): void {
      let set = byDestination.get(sub.destination);
      if (!set) byDestination.set(sub.destination, (set = new Set()));
      set.add(sub);
    },

    remove(sub: Subscription): void {
      const set = byDestination.get(sub.destination);
      if (!set) return;
      set.delete(sub);
      if (set.size === 0) byDestination.delete(sub.destination);
    },

    /** Sends a MESSAGE to every subscription of a destination; returns how many got it. */
    deliver(destination: string, body: string): number {
      const set = byDestination.get(destination);
      if (!set) return 0;
      let n = 0;
      // Copy: a slow consumer dropped during delivery leaves the set.
      for (const sub of [...set]) {
        sub.session.message(sub, body);
        n++;
      }
      return n;
    },

    counts(): { subscriptions: number; destinations: number } {
      let subscriptions = 0;
      for (const set of byDestination.values()) subscriptions += set.size;
      return { subscriptions, destinations: byDestination.size };
    },
  };
}
export type SubscriptionRegistry = ReturnType<typeof createSubscriptionRegistry>;
