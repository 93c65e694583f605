import { ko } from '@otboo/contract';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import type { BrokerDeps } from './broker.js';
import type { StompFrame, StompVersion } from './frame.js';
import type { StompSession } from './session.js';

const SUPPORTED_VERSIONS: readonly StompVersion[] = ['1.2', '1.1', '1.0'];
const BEARER = /^Bearer\s+(\S+)$/i;

/** `heart-beat: cx,cy` → [what the client sends, what it wants to receive]; malformed means none. */
export function parseHeartBeat(value: string | undefined): [number, number] {
  const m = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(value ?? '');
  if (!m) return [0, 0];
  return [Number(m[1]), Number(m[2])];
}

export type ConnectDeps = Pick<BrokerDeps, 'authenticate' | 'admit'> & { heartbeatMs: number };

/** CONNECT/STOMP: version, Bearer token, admission, then CONNECTED with the negotiated heart-beats. */
export async function connect(session: StompSession, frame: StompFrame, deps: ConnectDeps): Promise<void> {
  if (session.state !== 'awaiting-connect') return session.fail(ko.realtime.alreadyConnected);
  const offered = (frame.headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
  const version = SUPPORTED_VERSIONS.find((v) => offered.includes(v));
  if (!version) {
    session.sendFrame(
      'ERROR',
      { version: '1.2,1.1,1.0', message: ko.realtime.unsupportedVersion },
      ko.realtime.unsupportedVersion,
    );
    return session.shutdown();
  }
  session.useVersion(version);
  const header = frame.headers.Authorization ?? frame.headers.authorization ?? '';
  const token = BEARER.exec(header.trim())?.[1];
  if (!token) return session.fail(ko.realtime.tokenRequired);
  let who: Actor;
  try {
    who = await deps.authenticate(token);
  } catch (err) {
    if (err instanceof AppError) return session.fail(err.message);
    throw err;
  }
  if (session.isClosed()) return;
  session.authenticate(who);
  if (deps.admit && !(await deps.admit(who))) return session.fail(ko.realtime.sessionEnded);
  if (session.isClosed()) return;
  session.connected();
  const [clientSends, clientWants] = parseHeartBeat(
    version === '1.0' ? undefined : frame.headers['heart-beat'],
  );
  const serverOffer = version === '1.0' ? 0 : deps.heartbeatMs;
  const outgoing = serverOffer > 0 && clientWants > 0 ? Math.max(serverOffer, clientWants) : 0;
  const incoming = serverOffer > 0 && clientSends > 0 ? Math.max(serverOffer, clientSends) : 0;
  session.sendFrame('CONNECTED', {
    version,
    'heart-beat': `${serverOffer},${serverOffer}`,
    server: 'otboo',
    session: session.id,
    'user-name': who.userId,
  });
  session.startHeartbeats(outgoing, incoming);
}
