import { ChevronDown, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { ko } from '@otboo/contract';
import { cn } from '@/utils/cn';

/**
 * Why a recommended piece was chosen ('아침 4°C · 두꺼운 울 코트'). On the desktop frame (lg) it is always shown;
 * on the phone the cards are narrow, so a '추천 이유' disclosure opens it. Which one shows is decided by CSS
 * alone (index.css holds the breakpoints): the button is display:none from lg, so it leaves the accessibility tree
 * there too, while the text stays readable.
 */
export function PieceReason({ reason }: { reason: string }) {
  const [open, setOpen] = useState(false);
  const textId = useId();
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={textId}
        onClick={() => setOpen((current) => !current)}
        className="-mx-1.5 inline-flex min-h-8 items-center gap-1 self-start rounded-lg px-1.5 text-[13px] font-bold text-brand-600 hover:bg-brand-50 lg:hidden"
      >
        <Sparkles className="size-3.5" aria-hidden />
        {ko.recommendations.pieceReason}
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      <p
        id={textId}
        data-testid="piece-reason"
        className={cn(
          'items-start gap-1.5 text-[13px] leading-snug break-keep text-ink-soft',
          open ? 'flex' : 'hidden lg:flex',
        )}
      >
        <Sparkles className="mt-0.5 size-3.5 shrink-0 text-brand-500 max-lg:hidden" aria-hidden />
        <span>
          <span className="sr-only">{ko.recommendations.pieceReason}: </span>
          {reason}
        </span>
      </p>
    </div>
  );
}
