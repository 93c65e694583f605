import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ko } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ClosetReport } from '@/features/clothes/components/insights/closet-report';
import { ClosetTransfer } from '@/features/clothes/components/insights/closet-transfer';
import { useClosetInsights } from '@/features/clothes/hooks/use-closet-insights';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/stores/session';
import { errorText } from '@/utils/error-text';

/** /closet/report — '옷장 리포트': the closet in numbers (docs/api.md §9.4), with export and import (§9.7). */
export function ClosetReportRoute() {
  const userId = useSession((s) => s.user?.id);
  const queryClient = useQueryClient();
  const insights = useClosetInsights(userId !== undefined);

  function imported() {
    // New garments: every closet list and this report are out of date.
    void queryClient.invalidateQueries({ queryKey: queryKeys.clothes.lists() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.clothes.insights() });
  }

  return (
    <Page
      title={ko.clothes.insights.title}
      actions={
        <Button variant="ghost" asChild>
          <Link to={paths.closet.href()}>
            <ArrowLeft className="size-4" aria-hidden />
            {ko.layout.sidebarCloset}
          </Link>
        </Button>
      }
    >
      <div className="flex flex-col gap-4 lg:gap-6">
        {insights.data ? (
          insights.data.totalCount === 0 ? (
            <p className="rounded-[var(--radius-card)] border border-dashed border-line bg-surface-soft px-6 py-12 text-center text-[15px] text-ink-muted">
              {ko.clothes.insights.empty}
            </p>
          ) : (
            <ClosetReport insights={insights.data} />
          )
        ) : insights.error ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
            <p className="text-[15px] text-red-600">
              {ko.clothes.insights.loadFailed} {errorText(insights.error)}
            </p>
            <Button variant="outline" size="sm" onClick={() => void insights.refetch()}>
              {ko.common.retry}
            </Button>
          </div>
        ) : (
          <div className="flex justify-center py-16">
            <Spinner label={ko.common.loading} />
          </div>
        )}
        <ClosetTransfer onImported={imported} />
      </div>
    </Page>
  );
}
