import { useCallback, useState } from 'react';
import { LIMITS } from '@otboo/contract';

/**
 * The closet's '여러 벌 선택' mode: which garments are ticked (by id, so a list reload keeps them). At most
 * LIMITS.clothesBatchMax can be ticked, what one batch edit takes (docs/api.md §9.6).
 */
export function useClothesSelection() {
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());

  const toggle = useCallback((clothesId: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(clothesId)) next.delete(clothesId);
      else if (next.size < LIMITS.clothesBatchMax) next.add(clothesId);
      return next;
    });
  }, []);

  const start = useCallback(() => setSelecting(true), []);
  const stop = useCallback(() => {
    setSelecting(false);
    setSelected(new Set());
  }, []);

  return { selecting, selected, toggle, start, stop };
}

export type ClothesSelection = ReturnType<typeof useClothesSelection>;
