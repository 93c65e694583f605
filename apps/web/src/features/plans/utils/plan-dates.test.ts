// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ClothesDto } from '@otboo/contract';
import {
  addDays,
  availableOn,
  datesFrom,
  lastPlannable,
  planDayTitle,
} from '@/features/plans/utils/plan-dates';

const away = (state: 'AVAILABLE' | 'LAUNDRY', until: string | null, archived = false) =>
  ({
    availability: { state, since: null, until },
    archived: archived ? { reason: 'SOLD', at: '2026-11-01T00:00:00.000Z' } : null,
  }) as unknown as ClothesDto;

describe('plan dates', () => {
  it("names a day '11월 28일 (토)' and counts across months", () => {
    expect(planDayTitle('2026-11-28')).toBe('11월 28일 (토)');
    expect(planDayTitle('2026-12-01')).toBe('12월 1일 (화)');
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(datesFrom('2026-11-28', 7).at(-1)).toBe('2026-12-04');
    expect(lastPlannable('2026-11-28')).toBe('2026-12-11');
  });

  it('judges a piece available on a date as the server does: back the day after its last day away', () => {
    expect(availableOn(away('AVAILABLE', null), '2026-11-28')).toBe(true);
    expect(availableOn(away('LAUNDRY', '2026-11-29'), '2026-11-29')).toBe(false);
    expect(availableOn(away('LAUNDRY', '2026-11-29'), '2026-11-30')).toBe(true);
    expect(availableOn(away('LAUNDRY', null), '2027-01-01')).toBe(false);
    expect(availableOn(away('AVAILABLE', null, true), '2026-11-28')).toBe(false);
  });
});
