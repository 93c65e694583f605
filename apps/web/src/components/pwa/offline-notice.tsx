import { WifiOff } from 'lucide-react';
import { ko } from '@otboo/contract';

/**
 * '오프라인 상태예요 · 마지막으로 받은 정보를 보여드려요' above the page, while the app shows what it kept from the last
 * connection (docs/product.md "Offline"). A status, so a screen reader says it once when it appears.
 */
export function OfflineNotice() {
  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pt-3 sm:px-6 lg:px-8">
      <p
        role="status"
        className="flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900"
      >
        <WifiOff className="size-4 shrink-0" aria-hidden />
        {ko.offline.notice}
      </p>
    </div>
  );
}
