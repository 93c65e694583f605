import { v7 } from 'uuid';

/**
 * A time-ordered id (UUID version 7, RFC 9562) and the instant it encodes. uuid's v7 keeps a counter in this
 * process: ids made in the same millisecond (or while the clock steps back) count up from a random start, so
 * rows created in one millisecond still sort by creation when a list breaks ties by id. The instant is read
 * back from the id (its first 48 bits, Unix milliseconds) rather than taken from the clock again, so a row's
 * createdAt and its id never disagree on the order.
 */
export function uuidV7(): { id: string; at: Date } {
  const id = v7();
  return { id, at: new Date(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)) };
}
