import { describe, expect, it } from 'vitest';
import { createSubscriptionRegistry, type Subscription } from './subscriptions.js';

describe('STOMP subscription registry', () => {
  it('fans out to every subscription of a destination, and forgets a destination with none left', () => {
    const registry = createSubscriptionRegistry();
    const got: string[] = [];
    const session = { message: (sub: Subscription, body: string) => got.push(`${sub.id}:${body}`) };
    const a = { id: 'a', destination: '/sub/x', session };
    const b = { id: 'b', destination: '/sub/x', session };
    registry.add(a);
    registry.add(b);
    registry.add({ id: 'c', destination: '/sub/y', session });
    expect(registry.deliver('/sub/x', '1')).toBe(2);
    expect(got).toEqual(['a:1', 'b:1']);
    expect(registry.counts()).toEqual({ subscriptions: 3, destinations: 2 });
    registry.remove(a);
    registry.remove(b);
    expect(registry.deliver('/sub/x', '2')).toBe(0);
    expect(registry.counts()).toEqual({ subscriptions: 1, destinations: 1 });
  });

  it('keeps delivering when a subscriber drops its own subscription mid fan-out', () => {
    const registry = createSubscriptionRegistry();
    const got: string[] = [];
    const subs: Subscription[] = [];
    const session = {
      message(sub: Subscription) {
        got.push(sub.id);
        for (const s of subs) registry.remove(s);
      },
    };
    subs.push({ id: 'a', destination: '/d', session }, { id: 'b', destination: '/d', session });
    for (const s of subs) registry.add(s);
    expect(registry.deliver('/d', '')).toBe(2);
    expect(got).toEqual(['a', 'b']);
  });
});
