import { ko } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { ComingSoon } from '@/components/ui/coming-soon';

/** /closet — the screen arrives in a later release; until then it says so. */
export function ClosetRoute() {
  return (
    <Page title={ko.layout.sidebarCloset}>
      <ComingSoon />
    </Page>
  );
}
