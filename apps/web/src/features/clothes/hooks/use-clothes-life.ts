import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ko, type ArchiveReason, type AvailabilityState, type ClothesDto } from '@otboo/contract';
import { archiveClothes } from '@/features/clothes/api/archive-clothes';
import { restoreClothes } from '@/features/clothes/api/restore-clothes';
import { setClothesAvailability } from '@/features/clothes/api/set-clothes-availability';
import { replaceInClothesLists } from '@/features/clothes/hooks/use-clothes-list';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { writeErrorText } from '@/utils/error-text';

/**
 * The closet's life (docs/api.md §10) from the web: availability, the archive and back. Each change updates the
 * cached closet lists in place (a piece leaves the lists it no longer matches) and asks the report and the
 * recommendations again, which both leave out pieces that cannot be worn.
 */
export function useClothesLife(onChanged?: (clothes: ClothesDto) => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const life = ko.clothes.life;

  async function run(action: () => Promise<ClothesDto>, done: (clothes: ClothesDto) => string) {
    setBusy(true);
    try {
      const clothes = await action();
      replaceInClothesLists(queryClient, clothes);
      void queryClient.invalidateQueries({ queryKey: queryKeys.clothes.insights() });
      void queryClient.invalidateQueries({ queryKey: ['recommendations'] });
      toast.success(done(clothes));
      onChanged?.(clothes);
      return clothes;
    } catch (error) {
      toast.error(writeErrorText(error, ko.common.apiFailed));
      return null;
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    /** Marks the piece away from today (through `until` when given), or available again. */
    setAvailability: (clothes: ClothesDto, state: AvailabilityState, until?: string | null) =>
      run(
        () =>
          setClothesAvailability(
            clothes.id,
            state === 'AVAILABLE' ? { state } : { state, until: until ?? null },
          ),
        () => (state === 'AVAILABLE' ? life.cleared : life.saved(life.states[state])),
      ),
    archive: (clothes: ClothesDto, reason: ArchiveReason) =>
      run(
        () => archiveClothes(clothes.id, { reason }),
        () => life.archived,
      ),
    restore: (clothes: ClothesDto) =>
      run(
        () => restoreClothes(clothes.id),
        () => life.restored,
      ),
  };
}
