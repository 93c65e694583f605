/**
 * STOMP frame codec (1.0–1.2): a streaming parser that takes bytes in any fragmentation and an encoder.
 *
 * A frame is `COMMAND EOL (header EOL)* EOL body NUL`, EOL being `\n` or `\r\n`. Bodies end at the NUL, or
 * after exactly `content-length` bytes (which may contain NULs). EOLs between frames are heart-beats. In 1.2
 * (and 1.1, without `\r`) header names and values escape `\\`, `\n`, `\r` and `:`; CONNECT and CONNECTED
 * frames never do, so 1.0 clients can read them.
 */

export type StompVersion = '1.0' | '1.1' | '1.2';

export interface StompFrame {
  command: string;
  /** First occurrence of a repeated header wins (STOMP 1.2 §"Repeated Header Entries"). */
  headers: Record<string, string>;
  body: Buffer;
}

export type FrameErrorKind = 'malformed' | 'too-large';

export interface FrameParserOptions {
  /** Command line, headers and body together; beyond it the stream is rejected. */
  maxFrameBytes: number;
  maxHeaders: number;
  onFrame(frame: StompFrame): void;
  onError(kind: FrameErrorKind, detail: string): void;
}

const NUL = 0x00;
const LF = 0x0a;
const CR = 0x0d;

/** A byte buffer that grows by doubling, so byte-at-a-time input stays linear. */
class ByteAccumulator {
  private buf = Buffer.allocUnsafe(256);
  length = 0;

  append(src: Buffer, start: number, end: number): void {
    const need = this.length + (end - start);
    if (need > this.buf.length) {
      let size = this.buf.length * 2;
      while (size < need) size *= 2;
      const next = Buffer.allocUnsafe(size);
      this.buf.copy(next, 0, 0, this.length);
      this.buf = next;
    }
    src.copy(this.buf, this.length, start, end);
    this.length = need;
  }

  /** A copy of the bytes, so the accumulator can be reused. */
  take(): Buffer {
    const out = Buffer.from(this.buf.subarray(0, this.length));
    this.reset();
    return out;
  }

  view(start = 0, end = this.length): Buffer {
    return this.buf.subarray(start, end);
  }

  reset(): void {
    this.length = 0;
    // Do not keep a large buffer alive after one big frame.
    if (this.buf.length > 64 * 1024) this.buf = Buffer.allocUnsafe(256);
  }
}

const ESCAPES_12: Record<string, string> = { '\\\\': '\\', '\\n': '\n', '\\r': '\r', '\\c': ':' };

/** Undoes header escaping; null for an undefined escape sequence (a fatal protocol error in 1.2). */
export function unescapeHeader(value: string, version: StompVersion): string | null {
  if (version === '1.0' || !value.includes('\\')) return value;
  let ok = true;
  const out = value.replace(/\\(.?)/gs, (seq) => {
    const mapped = ESCAPES_12[seq];
    if (mapped === undefined || (version === '1.1' && seq === '\\r')) {
      ok = false;
      return '';
    }
    return mapped;
  });
  return ok ? out : null;
}

export function escapeHeader(value: string, version: StompVersion): string {
  if (version === '1.0') return value.replace(/[\r\n]/g, ' ');
  const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/:/g, '\\c');
  return version === '1.2' ? escaped.replace(/\r/g, '\\r') : escaped.replace(/\r/g, ' ');
}

const UNESCAPED_COMMANDS = new Set(['CONNECT', 'STOMP', 'CONNECTED']);

type State =
  | { kind: 'idle' }
  | { kind: 'head'; lineStart: number }
  | {
      kind: 'body';
      command: string;
      headers: Record<string, string>;
      remaining: number | null;
      headBytes: number;
    }
  | { kind: 'nul'; command: string; headers: Record<string, string>; body: Buffer }
  | { kind: 'failed' };

/** Streaming STOMP parser. Feed it every received chunk; it calls back once per complete frame. */
export class FrameParser {
  /** Header escaping follows the negotiated version; the broker sets it after CONNECT. */
  version: StompVersion = '1.2';
  private state: State = { kind: 'idle' };
  private readonly acc = new ByteAccumulator();

  constructor(private readonly options: FrameParserOptions) {}

  push(chunk: Buffer): void {
    let pos = 0;
    while (pos < chunk.length) {
      const state = this.state;
      switch (state.kind) {
        case 'failed':
          return;
        case 'idle': {
          // EOLs between frames are heart-beats.
          const byte = chunk[pos];
          if (byte === LF || byte === CR) {
            pos++;
            continue;
          }
          this.state = { kind: 'head', lineStart: 0 };
          continue;
        }
        case 'head': {
          const lf = chunk.indexOf(LF, pos);
          const end = lf === -1 ? chunk.length : lf + 1;
          if (chunk.subarray(pos, end).includes(NUL))
            return this.fail('malformed', 'NUL before the end of the headers');
          if (this.acc.length + (end - pos) > this.options.maxFrameBytes)
            return this.fail('too-large', 'headers too large');
          this.acc.append(chunk, pos, end);
          pos = end;
          if (lf === -1) continue;
          const line = this.acc.view(state.lineStart, this.acc.length - 1);
          const empty = line.length === 0 || (line.length === 1 && line[0] === CR);
          if (empty && state.lineStart > 0) {
            this.headComplete();
          } else {
            state.lineStart = this.acc.length;
          }
          continue;
        }
        case 'body': {
          if (state.remaining !== null) {
            const take = Math.min(state.remaining, chunk.length - pos);
            this.acc.append(chunk, pos, pos + take);
            pos += take;
            state.remaining -= take;
            if (state.remaining === 0)
              this.state = {
                kind: 'nul',
                command: state.command,
                headers: state.headers,
                body: this.acc.take(),
              };
            continue;
          }
          const nul = chunk.indexOf(NUL, pos);
          const end = nul === -1 ? chunk.length : nul;
          if (state.headBytes + this.acc.length + (end - pos) > this.options.maxFrameBytes) {
            return this.fail('too-large', 'body too large');
          }
          this.acc.append(chunk, pos, end);
          pos = end;
          if (nul !== -1) {
            pos++;
            this.emit(state.command, state.headers, this.acc.take());
          }
          continue;
        }
        case 'nul': {
          if (chunk[pos] !== NUL) return this.fail('malformed', 'body longer than content-length');
          pos++;
          this.emit(state.command, state.headers, state.body);
          continue;
        }
      }
    }
  }

  private headComplete(): void {
    const headBytes = this.acc.length;
    const text = this.acc.take().toString('utf8');
    const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    // The head ends with two EOLs: drop the two empty strings they leave.
    lines.length -= 2;
    // The command line comes off the front; the header lines stay.
    const command = lines.shift() ?? '';
    if (!/^[A-Z]{1,20}$/.test(command)) return this.fail('malformed', 'bad command line');
    if (lines.length > this.options.maxHeaders) return this.fail('too-large', 'too many headers');
    const raw = UNESCAPED_COMMANDS.has(command);
    const headers: Record<string, string> = Object.create(null);
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) return this.fail('malformed', 'header without a name');
      const name = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon), this.version);
      const value = raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1), this.version);
      if (name === null || value === null) return this.fail('malformed', 'undefined escape sequence');
      if (!(name in headers)) headers[name] = value;
    }
    const lengthHeader = headers['content-length'];
    let remaining: number | null = null;
    if (lengthHeader !== undefined) {
      if (!/^\d{1,10}$/.test(lengthHeader.trim())) return this.fail('malformed', 'bad content-length');
      remaining = Number(lengthHeader.trim());
      if (headBytes + remaining > this.options.maxFrameBytes)
        return this.fail('too-large', 'content-length too large');
    }
    if (remaining === 0) {
      this.state = { kind: 'nul', command, headers, body: Buffer.alloc(0) };
      return;
    }
    this.state = { kind: 'body', command, headers, remaining, headBytes };
  }

  private emit(command: string, headers: Record<string, string>, body: Buffer): void {
    this.state = { kind: 'idle' };
    this.options.onFrame({ command, headers, body });
  }

  private fail(kind: FrameErrorKind, detail: string): void {
    this.state = { kind: 'failed' };
    this.acc.reset();
    this.options.onError(kind, detail);
  }
}

export interface OutgoingFrame {
  command: string;
  headers?: Record<string, string | undefined>;
  body?: string;
}

/**
 * One frame as text (both transports carry text). `content-length` is added for non-empty bodies, counted in
 * UTF-8 bytes. Headers with undefined values are left out.
 */
export function encodeFrame(frame: OutgoingFrame, version: StompVersion = '1.2'): string {
  const raw = UNESCAPED_COMMANDS.has(frame.command);
  const body = frame.body ?? '';
  let out = `${frame.command}\n`;
  const headers: Record<string, string | undefined> = { ...frame.headers };
  if (body.length > 0 && headers['content-length'] === undefined)
    headers['content-length'] = String(Buffer.byteLength(body));
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out += raw
      ? `${name.replace(/[\r\n:]/g, ' ')}:${value.replace(/[\r\n]/g, ' ')}\n`
      : `${escapeHeader(name, version)}:${escapeHeader(value, version)}\n`;
  }
  return `${out}\n${body}\0`;
}

/** The heart-beat a peer sends when it has nothing else to say. */
export const HEARTBEAT_EOL = '\n';
