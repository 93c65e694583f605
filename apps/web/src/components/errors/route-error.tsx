import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';

/**
 * What a page shows when it throws while rendering. Per page it keeps the layout around it; at the root
 * it fills the screen.
 */
export function RouteError({ fullScreen = false }: { fullScreen?: boolean }) {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center gap-4 px-6 py-20 text-center',
        fullScreen && 'min-h-dvh',
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <TriangleAlert className="size-7" aria-hidden />
      </span>
      <p className="text-lg font-bold text-ink">{ko.layout.pageError}</p>
      <div className="flex gap-2">
        <Button variant="outline" onClick={() => window.location.reload()}>
          {ko.common.retry}
        </Button>
        <Button asChild>
          <Link to={paths.home.href()} reloadDocument={fullScreen}>
            {ko.layout.goHome}
          </Link>
        </Button>
      </div>
    </div>
  );
}

export function RootError() {
  return <RouteError fullScreen />;
}
