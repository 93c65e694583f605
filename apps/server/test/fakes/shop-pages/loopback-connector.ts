import { isIPv4, isIPv6 } from 'node:net';
import {
  defaultConnector,
  type Connector,
  type ConnectTarget,
} from '../../../src/adapters/page-fetcher/page-fetcher.js';

/**
 * A link-import socket opener for tests: connects only to loopback (127.0.0.0/8, ::1) and throws for any
 * other address, so a test can never reach another host even if the SSRF guard were broken.
 */
export function loopbackOnlyConnector(): Connector & { attempts: ConnectTarget[]; refused: ConnectTarget[] } {
  const attempts: ConnectTarget[] = [];
  const refused: ConnectTarget[] = [];
  const connect = (target: ConnectTarget) => {
    attempts.push(target);
    const loopback =
      (isIPv4(target.address) && target.address.startsWith('127.')) ||
      (isIPv6(target.address) && target.address === '::1');
    if (!loopback) {
      refused.push(target);
      throw new Error(`test refused to connect to ${target.address}`);
    }
    return defaultConnector(target);
  };
  return Object.assign(connect, { attempts, refused });
}
