import { useCallback, useState } from 'react';
import { LIMITS, type ClothesDto } from '@otboo/contract';

/**
 * The closet's '여러 벌 선택' mode: which garments are ticked (by id, so a list reload keeps them, with the garment
 * as ticked: the batch edit counts from it how many lose a value). At most LIMITS.clothesBatchMax can be ticked,
 * what one batch edit takes (docs/api.md §9.6).
 */
export function useClothesSelection() {
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlyMap<string, ClothesDto>>(() => new Map());

  const toggle = useCallback((clothes: ClothesDto) => {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(clothes.id)) next.delete(clothes.id);
      else if (next.size < LIMITS.clothesBatchMax) next.set(clothes.id, clothes);
      return next;
    });
  }, []);

  const start = useCallback(() => setSelecting(true), []);
  const stop = useCallback(() => {
    setSelecting(false);
    setSelected(new Map());
  }, []);

  return { selecting, selected, toggle, start, stop };
}

export type ClothesSelection = ReturnType<typeof useClothesSelection>;
