import { describe, expect, it } from 'vitest';
import {
  encodeFrame,
  escapeHeader,
  FrameParser,
  unescapeHeader,
  type FrameErrorKind,
  type StompFrame,
} from './frame.js';

function parse(
  input: Buffer | string | (Buffer | string)[],
  options: { maxFrameBytes?: number; maxHeaders?: number; version?: '1.0' | '1.1' | '1.2' } = {},
) {
  const frames: StompFrame[] = [];
  const errors: [FrameErrorKind, string][] = [];
  const parser = new FrameParser({
    maxFrameBytes: options.maxFrameBytes ?? 64 * 1024,
    maxHeaders: options.maxHeaders ?? 64,
    onFrame: (f) => frames.push(f),
    onError: (kind, detail) => errors.push([kind, detail]),
  });
  if (options.version) parser.version = options.version;
  for (const chunk of Array.isArray(input) ? input : [input])
    parser.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  return { frames, errors };
}

describe('STOMP frame parser', () => {
  it('reads command, headers and a NUL-terminated body', () => {
    const { frames, errors } = parse('SEND\ndestination:/pub/x\ncontent-type:application/json\n\n{"a":1}\0');
    expect(errors).toEqual([]);
    expect(frames).toHaveLength(1);
    expect(frames[0]!.command).toBe('SEND');
    expect(frames[0]!.headers).toEqual({ destination: '/pub/x', 'content-type': 'application/json' });
    expect(frames[0]!.body.toString()).toBe('{"a":1}');
  });

  it('accepts CRLF line endings and frames without body', () => {
    const { frames } = parse('SUBSCRIBE\r\nid:0\r\ndestination:/sub/a\r\n\r\n\0');
    expect(frames[0]!.headers).toEqual({ id: '0', destination: '/sub/a' });
    expect(frames[0]!.body.length).toBe(0);
  });

  it('undoes 1.2 header escaping (\\\\ \\n \\c \\r) except in CONNECT frames', () => {
    const { frames, errors } = parse([
      'SEND\ndestination:/a\\cb\nx\\cy:line1\\nline2\\r\\\\end\n\n\0',
      'CONNECT\nlogin:a\\cb\n\n\0',
    ]);
    expect(errors).toEqual([]);
    expect(frames[0]!.headers).toEqual({ destination: '/a:b', 'x:y': 'line1\nline2\r\\end' });
    expect(frames[1]!.headers.login).toBe('a\\cb');
  });

  it('rejects undefined escape sequences as malformed', () => {
    expect(parse('SEND\ndestination:/a\\tb\n\n\0').errors[0]![0]).toBe('malformed');
    expect(parse('SEND\ndestination:/a\\\n\n\0').errors[0]![0]).toBe('malformed');
    // 1.1 has no \r escape.
    expect(parse('SEND\nx:a\\rb\n\n\0', { version: '1.1' }).errors[0]![0]).toBe('malformed');
    // 1.0 has no escaping at all.
    expect(parse('SEND\nx:a\\tb\n\n\0', { version: '1.0' }).frames[0]!.headers.x).toBe('a\\tb');
  });

  it('keeps the first of repeated headers', () => {
    const { frames } = parse('MESSAGE\nfoo:World\nfoo:Hello\n\n\0');
    expect(frames[0]!.headers.foo).toBe('World');
  });

  it('reads exactly content-length bytes, NULs included', () => {
    const body = Buffer.from([0x61, 0x00, 0x62, 0x00, 0x00, 0x63]);
    const frame = Buffer.concat([
      Buffer.from(`SEND\ndestination:/a\ncontent-length:${body.length}\n\n`),
      body,
      Buffer.from([0]),
    ]);
    const { frames, errors } = parse(frame);
    expect(errors).toEqual([]);
    expect(Buffer.compare(frames[0]!.body, body)).toBe(0);
  });

  it('counts content-length in bytes for multi-byte text', () => {
    const text = '안녕하세요 👋';
    const { frames } = parse(`SEND\ncontent-length:${Buffer.byteLength(text)}\n\n${text}\0`);
    expect(frames[0]!.body.toString('utf8')).toBe(text);
  });

  it('rejects a body longer than its content-length', () => {
    expect(parse('SEND\ncontent-length:2\n\nabc\0').errors[0]![0]).toBe('malformed');
  });

  it('rejects a content-length that is not a number', () => {
    expect(parse('SEND\ncontent-length:-1\n\n\0').errors[0]![0]).toBe('malformed');
    expect(parse('SEND\ncontent-length:abc\n\n\0').errors[0]![0]).toBe('malformed');
  });

  it('puts together frames split at every byte, and several frames in one chunk', () => {
    const two = 'SEND\ndestination:/a\ncontent-length:3\n\nx\0y\0\nSEND\ndestination:/b\n\nhello\0';
    const bytes = Buffer.from(two);
    const oneByOne = parse([...bytes].map((b) => Buffer.from([b])));
    expect(oneByOne.errors).toEqual([]);
    expect(oneByOne.frames.map((f) => [f.headers.destination, f.body.toString('latin1')])).toEqual([
      ['/a', 'x\0y'],
      ['/b', 'hello'],
    ]);
    const split = parse([bytes.subarray(0, 7), bytes.subarray(7, 40), bytes.subarray(40)]);
    expect(split.frames).toHaveLength(2);
  });

  it('treats EOLs between frames as heart-beats', () => {
    const { frames, errors } = parse(['\n\n\r\n', 'SEND\n\n\0\n\n', '\r\n', 'SEND\n\n\0']);
    expect(errors).toEqual([]);
    expect(frames).toHaveLength(2);
  });

  it('refuses frames above the size limit, by content-length or while streaming', () => {
    expect(parse(`SEND\ncontent-length:${2 * 1024 * 1024}\n\n`, { maxFrameBytes: 1024 }).errors[0]![0]).toBe(
      'too-large',
    );
    expect(parse(['SEND\n\n', 'x'.repeat(2000)], { maxFrameBytes: 1024 }).errors[0]![0]).toBe('too-large');
    expect(parse(['SEND\n', `h:${'x'.repeat(2000)}`], { maxFrameBytes: 1024 }).errors[0]![0]).toBe(
      'too-large',
    );
    const manyHeaders = `SEND\n${Array.from({ length: 10 }, (_, i) => `h${i}:v`).join('\n')}\n\n\0`;
    expect(parse(manyHeaders, { maxHeaders: 5 }).errors[0]![0]).toBe('too-large');
  });

  it('rejects garbage and stops after the first error', () => {
    const garbage = parse([Buffer.from([0xff, 0xfe, 0x00, 0x10, 0x0a, 0x0a, 0x00]), 'SEND\n\n\0']);
    expect(garbage.errors).toHaveLength(1);
    expect(garbage.frames).toHaveLength(0);
    expect(parse('send\n\n\0').errors[0]![0]).toBe('malformed');
    expect(parse('SEND\nno-colon\n\n\0').errors[0]![0]).toBe('malformed');
    expect(parse('SEND\n:empty-name\n\n\0').errors[0]![0]).toBe('malformed');
    expect(parse('SEND\0').errors[0]![0]).toBe('malformed');
  });
});

describe('STOMP frame encoder', () => {
  it('escapes headers per version and adds content-length in bytes', () => {
    const text = encodeFrame({
      command: 'MESSAGE',
      headers: { destination: '/a:b', note: 'x\ny\r\\' },
      body: '한글',
    });
    expect(text).toBe('MESSAGE\ndestination:/a\\cb\nnote:x\\ny\\r\\\\\ncontent-length:6\n\n한글\0');
    expect(escapeHeader('a:b\nc', '1.1')).toBe('a\\cb\\nc');
    expect(escapeHeader('a:b\nc', '1.0')).toBe('a:b c');
  });

  it('leaves CONNECTED headers unescaped and drops undefined headers', () => {
    expect(
      encodeFrame({
        command: 'CONNECTED',
        headers: { version: '1.2', 'heart-beat': '4000,4000', skip: undefined },
      }),
    ).toBe('CONNECTED\nversion:1.2\nheart-beat:4000,4000\n\n\0');
  });

  it('round-trips through the parser', () => {
    const headers = { destination: '/sub/x', odd: 'a:b\\c\nd\re' };
    const { frames } = parse(encodeFrame({ command: 'MESSAGE', headers, body: '{"content":"a\\u0000b"}' }));
    expect(frames[0]!.headers).toMatchObject(headers);
    expect(frames[0]!.body.toString()).toBe('{"content":"a\\u0000b"}');
    expect(unescapeHeader(escapeHeader('x\\:y', '1.2'), '1.2')).toBe('x\\:y');
  });
});
