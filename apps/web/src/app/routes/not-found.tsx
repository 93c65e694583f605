import { Link } from 'react-router';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** /404 */
export function NotFoundRoute() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-surface-soft px-6 text-center">
      <p className="text-7xl font-bold tracking-tight text-brand-500">{ko.layout.notFoundCode}</p>
      <h1 className="text-2xl font-bold text-ink">{ko.layout.notFoundTitle}</h1>
      <p className="text-[15px] text-ink-soft">{ko.layout.notFoundDescription}</p>
      <Button asChild size="lg" className="mt-4 px-8">
        <Link to={paths.home.href()}>{ko.layout.goHome}</Link>
      </Button>
    </main>
  );
}
