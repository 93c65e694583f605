import { ko } from '@otboo/contract';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import type { BrokerOptions, DestinationPolicy } from './broker.js';
import { connect, type ConnectDeps } from './connect.js';
import type { StompFrame } from './frame.js';
import type { StompSession } from './session.js';
import type { SubscriptionRegistry } from './subscriptions.js';

export interface CommandDeps extends ConnectDeps {
  policy: DestinationPolicy;
  registry: SubscriptionRegistry;
  options: BrokerOptions;
}

/** What each client frame does on one session: CONNECT first, then the commands of a connected client. */
export function createFrameHandler(session: StompSession, deps: CommandDeps) {
  const { options } = deps;
  const refuse = (frame: StompFrame, message: string) =>
    session.fail(message, { receipt: frame.headers.receipt });

  function receipt(frame: StompFrame): void {
    const r = frame.headers.receipt;
    if (r !== undefined) session.sendFrame('RECEIPT', { 'receipt-id': r });
  }

  function subscribe(frame: StompFrame, who: Actor): void {
    const destination = frame.headers.destination;
    if (!destination) return refuse(frame, ko.realtime.missingHeader('destination'));
    // 1.0 made `id` optional; the destination then names the subscription.
    const subId = frame.headers.id ?? (session.version === '1.0' ? destination : undefined);
    if (subId === undefined) return refuse(frame, ko.realtime.missingHeader('id'));
    if (session.subscriptions.has(subId)) return refuse(frame, ko.realtime.duplicateSubscription);
    if (session.subscriptions.size >= options.maxSubscriptions)
      return refuse(frame, ko.realtime.tooManySubscriptions);
    const denied = deps.policy.authorizeSubscribe(who, destination);
    if (denied) return refuse(frame, denied);
    const sub = { id: subId, destination, session };
    session.subscriptions.set(subId, sub);
    deps.registry.add(sub);
    receipt(frame);
  }

  function unsubscribe(frame: StompFrame): void {
    const subId = frame.headers.id ?? (session.version === '1.0' ? frame.headers.destination : undefined);
    if (subId === undefined) return refuse(frame, ko.realtime.missingHeader('id'));
    const sub = session.subscriptions.get(subId);
    if (sub) {
      session.subscriptions.delete(subId);
      deps.registry.remove(sub);
    }
    receipt(frame);
  }

  async function send(frame: StompFrame, who: Actor): Promise<void> {
    const tx = frame.headers.transaction;
    if (tx !== undefined) {
      const frames = session.transactions.get(tx);
      if (!frames) return refuse(frame, ko.realtime.unknownTransaction);
      if (frames.length >= options.maxFramesPerTransaction)
        return refuse(frame, ko.realtime.tooManyPendingFrames);
      frames.push(frame);
      return receipt(frame);
    }
    if (await deliverSend(frame, who)) receipt(frame);
  }

  /** Runs one SEND; false when it failed (the connection is then closed). */
  async function deliverSend(frame: StompFrame, who: Actor): Promise<boolean> {
    const destination = frame.headers.destination;
    if (!destination) {
      refuse(frame, ko.realtime.missingHeader('destination'));
      return false;
    }
    try {
      await deps.policy.handleSend(who, destination, frame.body.toString('utf8'));
      return !session.isClosed();
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const body = JSON.stringify({
        exceptionName: err.exceptionName,
        message: err.message,
        details: err.details,
      });
      // The error's own headers too: a refused write carries `retry-after` (plugins/write-limits.ts).
      session.fail(err.message, { receipt: frame.headers.receipt, body, headers: err.headers });
      return false;
    }
  }

  async function transaction(frame: StompFrame, who: Actor): Promise<void> {
    const tx = frame.headers.transaction;
    if (tx === undefined) return refuse(frame, ko.realtime.missingHeader('transaction'));
    if (frame.command === 'BEGIN') {
      if (session.transactions.has(tx)) return refuse(frame, ko.realtime.unknownTransaction);
      if (session.transactions.size >= options.maxTransactions)
        return refuse(frame, ko.realtime.tooManyTransactions);
      session.transactions.set(tx, []);
      return receipt(frame);
    }
    const frames = session.transactions.get(tx);
    if (!frames) return refuse(frame, ko.realtime.unknownTransaction);
    session.transactions.delete(tx);
    if (frame.command === 'COMMIT') {
      for (const f of frames) if (!(await deliverSend(f, who))) return;
    }
    receipt(frame);
  }

  return function handle(frame: StompFrame): Promise<void> | void {
    if (frame.command === 'CONNECT' || frame.command === 'STOMP') return connect(session, frame, deps);
    const who = session.actor;
    if (session.state !== 'connected' || !who) return session.fail(ko.realtime.connectRequired);
    switch (frame.command) {
      case 'SUBSCRIBE':
        return subscribe(frame, who);
      case 'UNSUBSCRIBE':
        return unsubscribe(frame);
      case 'SEND':
        return send(frame, who);
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        return transaction(frame, who);
      case 'ACK':
      case 'NACK':
        // Every subscription is `ack:auto`: acknowledgements have nothing to settle.
        return receipt(frame);
      case 'DISCONNECT':
        receipt(frame);
        return session.shutdown();
      default:
        return session.fail(ko.realtime.unknownCommand(frame.command));
    }
  };
}
