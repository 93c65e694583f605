import { randomBytes } from 'node:crypto';

let lastMs = 0;
let counter = 0;

/**
 * A time-ordered id (UUID version 7, RFC 9562) and the instant it encodes. Within this process ids are
 * strictly increasing: in the same millisecond the 12-bit `rand_a` field counts up (method 1 of RFC 9562
 * §6.2), so rows created in one millisecond still sort by creation when a list breaks ties by id.
 */
export function uuidV7(): { id: string; at: Date } {
  let ms = Date.now();
  if (ms <= lastMs) {
    ms = lastMs;
    counter++;
    if (counter > 0xfff) {
      ms = ++lastMs;
      counter = 0;
    }
  } else {
    lastMs = ms;
    // Start low in the range so a burst in one millisecond has room to count.
    counter = randomBytes(1).readUInt8(0) & 0x7f;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes.readUInt8(8) & 0x3f);
  const hex = bytes.toString('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { id, at: new Date(ms) };
}
