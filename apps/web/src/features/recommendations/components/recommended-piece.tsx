import { CircleMinus } from 'lucide-react';
import type { RecommendedOotdDto } from '@otboo/contract';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { ClothesTile } from '@/components/ui/clothes-tile';
import { PieceReason } from '@/features/recommendations/components/piece-reason';
import type { ExcludablePiece } from '@/features/recommendations/hooks/use-exclusions';

interface RecommendedPieceProps {
  piece: RecommendedOotdDto;
  /** '이 옷 빼기'; without it (or without the garment's id) the card has no such button. */
  onExclude?(piece: ExcludablePiece): void;
  /** Its '이 옷 빼기' is on its way. */
  pending?: boolean;
  /** On the first screen: its photo loads at once (the home's largest paint, issue 23). */
  eager?: boolean;
}

/** A garment of the outfit: the clothes card with why it was chosen and '이 옷 빼기'. */
export function RecommendedPiece({
  piece,
  onExclude,
  pending = false,
  eager = false,
}: RecommendedPieceProps) {
  const { clothesId, name } = piece;
  return (
    <ClothesTile
      clothes={piece}
      eager={eager}
      footer={
        <>
          {piece.reason ? <PieceReason reason={piece.reason} /> : null}
          {onExclude && clothesId ? (
            // mt-auto: the buttons of one row line up whatever the reasons' lengths.
            <Button
              variant="outline"
              size="sm"
              // px-2: it fits a two-column phone card (about 120 px inside) without clipping its label.
              className="mt-auto w-full px-2"
              disabled={pending}
              onClick={() => onExclude({ clothesId, name })}
            >
              <CircleMinus className="size-4" aria-hidden />
              {ko.recommendations.exclude}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
