import { useCallback, useEffect, useState } from 'react';
import type { FollowSummaryDto } from '@otboo/contract';
import { getFollowSummary } from '@/features/follows/api/get-follow-summary';

/** The follow summary of a user, with `reload` for after a follow or unfollow. Errors are only logged (spec §8). */
export function useFollowSummary(userId: string) {
  const [summary, setSummary] = useState<FollowSummaryDto | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    getFollowSummary(userId)
      .then((next) => {
        if (active) setSummary(next);
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      active = false;
    };
  }, [userId, version]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  // A summary of the previous profile is not shown for the next one.
  return { summary: summary?.followeeId === userId ? summary : null, reload };
}
