import { PencilLine } from 'lucide-react';
import { useRef } from 'react';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { useToastsAbove } from '@/components/ui/toaster';

interface SelectionBarProps {
  count: number;
  onEdit(): void;
  onCancel(): void;
}

/**
 * The select mode's bar, kept in view at the bottom of the closet (above the phone's tab bar): how many are
 * ticked, '선택한 옷 수정' and '취소'. The count is a polite live region. Toasts ('2벌을 수정했습니다.') stand above it.
 */
export function SelectionBar({ count, onEdit, onCancel }: SelectionBarProps) {
  const bar = useRef<HTMLDivElement>(null);
  useToastsAbove(bar);
  return (
    <div
      ref={bar}
      role="region"
      aria-label={ko.clothes.batch.select}
      className="sticky bottom-[calc(var(--bottom-chrome)+0.75rem)] z-20 mt-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-white/95 px-4 py-3 shadow-lg backdrop-blur"
    >
      <p role="status" className="text-[15px] font-bold text-ink">
        {ko.clothes.batch.selectedCount(count)}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {ko.common.cancel}
        </Button>
        <Button disabled={count === 0} onClick={onEdit}>
          <PencilLine className="size-4" aria-hidden />
          {ko.clothes.batch.edit}
        </Button>
      </div>
    </div>
  );
}
