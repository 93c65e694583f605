import { ko } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { ComingSoon } from '@/components/ui/coming-soon';

/** /recommendations — the screen arrives in a later release; until then it says so. */
export function RecommendationsRoute() {
  return (
    <Page title={ko.layout.sidebarRecommendations}>
      <ComingSoon />
    </Page>
  );
}
