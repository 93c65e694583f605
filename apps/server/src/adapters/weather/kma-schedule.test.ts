import { describe, expect, it } from 'vitest';
import { kmaBaseTime } from './kma-schedule.js';

/** An instant from a Seoul local time. */
const kst = (local: string) => new Date(`${local}+09:00`);

describe('KMA base time', () => {
  it.each([
    ['2026-03-10T02:10:00', '20260310', '0200'],
    ['2026-03-10T02:09:59', '20260309', '2300'],
    ['2026-03-10T00:30:00', '20260309', '2300'],
    ['2026-03-10T05:09:00', '20260310', '0200'],
    ['2026-03-10T05:10:00', '20260310', '0500'],
    ['2026-03-10T10:30:00', '20260310', '0800'],
    ['2026-03-10T14:10:00', '20260310', '1400'],
    ['2026-03-10T23:09:00', '20260310', '2000'],
    ['2026-03-10T23:10:00', '20260310', '2300'],
    ['2026-03-10T23:59:59', '20260310', '2300'],
    ['2026-03-01T01:00:00', '20260228', '2300'],
    ['2027-01-01T00:05:00', '20261231', '2300'],
  ])('at %s KST the newest issue is %s %s', (local, baseDate, baseTime) => {
    const base = kmaBaseTime(kst(local));
    expect(base).toMatchObject({ baseDate, baseTime });
    expect(base.issuedAt.toISOString()).toBe(
      kst(
        `${baseDate.slice(0, 4)}-${baseDate.slice(4, 6)}-${baseDate.slice(6)}T${baseTime.slice(0, 2)}:00:00`,
      ).toISOString(),
    );
  });
});
