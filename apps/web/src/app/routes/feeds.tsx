import { ko } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { ComingSoon } from '@/components/ui/coming-soon';

/** /feeds (?authorIdEqual) — the screen arrives in a later release; until then it says so. */
export function FeedsRoute() {
  return (
    <Page title={ko.layout.sidebarFeeds}>
      <ComingSoon />
    </Page>
  );
}
