import { ko } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { ComingSoon } from '@/components/ui/coming-soon';

/** /profiles (?userId) — the screen arrives in a later release; until then it says so. */
export function ProfilesRoute() {
  return (
    <Page title={ko.layout.sidebarProfile}>
      <ComingSoon />
    </Page>
  );
}
