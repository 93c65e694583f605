import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { StompBroker } from './broker.js';

export interface RawWebSocketOptions {
  /** A single WebSocket message larger than this closes the connection (1009) before it is buffered. */
  maxMessageBytes: number;
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** STOMP over a plain WebSocket (`ws`), one broker connection per socket. */
export function createRawWebSocketEndpoint(broker: StompBroker, options: RawWebSocketOptions) {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxMessageBytes,
    perMessageDeflate: false,
  });

  wss.on('connection', (ws: WebSocket) => {
    const connection = broker.open({
      send: (data) => ws.send(data),
      close: () => ws.close(1000),
      bufferedBytes: () => ws.bufferedAmount,
    });
    ws.on('message', (data) => connection.receive(toBuffer(data)));
    ws.on('close', () => connection.closed());
    // A protocol error (oversized message, bad framing) ends the socket; `close` follows and cleans up.
    ws.on('error', () => ws.terminate());
  });

  return {
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    },
    close(): void {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}
