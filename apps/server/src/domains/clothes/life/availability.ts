import type { AvailabilityState, ClothesAvailabilityDto } from '@otboo/contract';

/** A garment's availability as stored (docs/api.md §10): the state as last set and the last day it is away. */
export interface StoredAvailability {
  availabilityState: AvailabilityState;
  availabilitySince: Date | null;
  availabilityUntil: string | null;
  washedAt: Date | null;
  archivedAt: Date | null;
}

const KST_OFFSET_MS = 9 * 3_600_000;

/** The state on `date` (`YYYY-MM-DD`, Seoul): the stored one through `until`, AVAILABLE after it. */
export function stateOn(
  a: Omit<StoredAvailability, 'washedAt' | 'archivedAt' | 'availabilitySince'>,
  date: string,
) {
  const away =
    a.availabilityState !== 'AVAILABLE' && (a.availabilityUntil === null || a.availabilityUntil >= date);
  return away ? a.availabilityState : 'AVAILABLE';
}

/** Whether the piece can be worn on `date`: in the closet (not archived) and not away. */
export function availableOn(
  a: Omit<StoredAvailability, 'washedAt' | 'availabilitySince'>,
  date: string,
): boolean {
  return a.archivedAt === null && stateOn(a, date) === 'AVAILABLE';
}

/**
 * The DTO for `today`. A laundry stay that ended by its date counts as a wash at the start of the day after
 * `until` (Seoul), so the wash hint resets without anyone clearing the state.
 */
export function toAvailabilityDto(a: StoredAvailability, today: string): ClothesAvailabilityDto {
  const state = stateOn(a, today);
  const lapsedWash =
    a.availabilityState === 'LAUNDRY' && state === 'AVAILABLE' && a.availabilityUntil !== null
      ? new Date(Date.parse(`${a.availabilityUntil}T00:00:00Z`) + 86_400_000 - KST_OFFSET_MS)
      : null;
  const washed = lapsedWash ?? a.washedAt;
  return {
    state,
    since: state === 'AVAILABLE' ? null : (a.availabilitySince?.toISOString() ?? null),
    until: state === 'AVAILABLE' ? null : a.availabilityUntil,
    lastWashedAt: washed?.toISOString() ?? null,
  };
}

/** Whether a closet garment's `away` (see GarmentWithAttributes) keeps it from being worn on `date`. */
export function awayOn(away: { until: string | null } | null, date: string): boolean {
  return away !== null && (away.until === null || away.until >= date);
}
