import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../lib/actor.js';
import { BUS_CHANNELS, createLocalEventBus, type EventBus } from './event-bus.js';
import { createSessionGuard, type SessionBoundConnections } from './session-guard.js';

const noop = () => {};
const silentLog = {
  debug: noop,
  info: noop,
  warn: noop,
  error: noop,
  fatal: noop,
  trace: noop,
  child: () => silentLog,
  level: 'silent',
} as unknown as FastifyBaseLogger;

const A1: Actor = { userId: 'a', role: 'USER', sessionId: 'a-1' };
const A2: Actor = { userId: 'a', role: 'USER', sessionId: 'a-2' };
const B1: Actor = { userId: 'b', role: 'USER', sessionId: 'b-1' };

/** Connections as a holder keeps them; `ended` lists the sessions it was told to end. */
function holder(actors: Actor[]): SessionBoundConnections & { ended: string[] } {
  const open = [...actors];
  const ended: string[] = [];
  return {
    ended,
    actors: () => open,
    endSession(sessionId) {
      ended.push(sessionId);
      for (let i = open.length - 1; i >= 0; i--) if (open[i]!.sessionId === sessionId) open.splice(i, 1);
    },
  };
}

/** A bus whose reconnect the test triggers. */
function reconnectingBus(): EventBus & { reconnect(): void } {
  const local = createLocalEventBus();
  const listeners = new Set<() => void>();
  return {
    ...local,
    onReconnect(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reconnect: () => listeners.forEach((l) => l()),
  };
}

function setup(live: (actor: Actor) => boolean | Promise<boolean>, recentMs?: number) {
  const bus = reconnectingBus();
  const isSessionLive = vi.fn(async (actor: Actor) => live(actor));
  const guard = createSessionGuard({
    bus,
    isSessionLive,
    log: silentLog,
    ...(recentMs === undefined ? {} : { recentMs }),
  });
  return { bus, isSessionLive, guard };
}

describe('session guard', () => {
  it('re-reads each affected session once per eviction and ends, in every holder, those no longer live', async () => {
    const { bus, isSessionLive, guard } = setup((actor) => actor.sessionId !== 'a-1');
    const stomp = holder([A1, A1, A2, B1]);
    const sse = holder([A1, B1]);
    guard.watch(stomp);
    guard.watch(sse);

    await bus.publish(BUS_CHANNELS.session, { userId: 'a' });
    await vi.waitFor(() => expect(stomp.ended).toEqual(['a-1']));
    expect(sse.ended).toEqual(['a-1']);
    // a-1 and a-2 once each (a-1 has three connections); b was not evicted.
    expect(isSessionLive.mock.calls.map(([a]) => a.sessionId).sort()).toEqual(['a-1', 'a-2']);

    isSessionLive.mockClear();
    await bus.publish(BUS_CHANNELS.session, { sessionId: 'b-1' });
    await vi.waitFor(() => expect(isSessionLive).toHaveBeenCalledTimes(1));
    expect(isSessionLive).toHaveBeenCalledWith(B1);
    expect(stomp.ended).toEqual(['a-1']);
    guard.close();
  });

  it('ends the connections when the session cannot be read, and ignores payloads without ids', async () => {
    const { bus, isSessionLive, guard } = setup(() => Promise.reject(new Error('database down')));
    const stomp = holder([B1]);
    guard.watch(stomp);
    await bus.publish(BUS_CHANNELS.session, { nothing: true });
    await bus.publish(BUS_CHANNELS.session, null);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(isSessionLive).not.toHaveBeenCalled();
    await bus.publish(BUS_CHANNELS.session, { userId: 'b' });
    await vi.waitFor(() => expect(stomp.ended).toEqual(['b-1']));
    guard.close();
  });

  it('admits without a database read unless that user or session was evicted recently', async () => {
    const { bus, isSessionLive, guard } = setup((actor) => actor.sessionId !== 'a-1', 50);
    expect(await guard.admit(A1)).toBe(true);
    expect(isSessionLive).not.toHaveBeenCalled();

    await bus.publish(BUS_CHANNELS.session, { userId: 'a' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The token check may have read the state from before the eviction: read it again.
    expect(await guard.admit(A1)).toBe(false);
    expect(await guard.admit(A2)).toBe(true);
    expect(await guard.admit(B1)).toBe(true);
    expect(isSessionLive.mock.calls.map(([a]) => a.sessionId)).toEqual(['a-1', 'a-2']);

    await bus.publish(BUS_CHANNELS.session, { sessionId: 'b-1' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await guard.admit(B1)).toBe(true);
    expect(isSessionLive).toHaveBeenCalledTimes(3);

    // Long after the eviction, the token check alone decides again.
    await new Promise((resolve) => setTimeout(resolve, 80));
    isSessionLive.mockClear();
    expect(await guard.admit(A1)).toBe(true);
    expect(isSessionLive).not.toHaveBeenCalled();
    guard.close();
  });

  it('after the bus reconnected (evictions may be lost), re-reads every session and admits only after a read', async () => {
    const { bus, isSessionLive, guard } = setup((actor) => actor.userId !== 'b');
    const stomp = holder([A1, B1]);
    guard.watch(stomp);
    bus.reconnect();
    await vi.waitFor(() => expect(stomp.ended).toEqual(['b-1']));
    expect(isSessionLive).toHaveBeenCalledTimes(2);
    expect(await guard.admit(B1)).toBe(false);
    expect(await guard.admit(A2)).toBe(true);
    expect(isSessionLive).toHaveBeenCalledTimes(4);
    guard.close();
  });

  it('stops listening when closed', async () => {
    const { bus, isSessionLive, guard } = setup(() => false);
    guard.watch(holder([A1]));
    guard.close();
    await bus.publish(BUS_CHANNELS.session, { userId: 'a' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(isSessionLive).not.toHaveBeenCalled();
  });
});
