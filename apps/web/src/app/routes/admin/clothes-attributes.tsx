import { ko } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import { ComingSoon } from '@/components/ui/coming-soon';

/** /admin/clothes-attributes — the screen arrives in a later release; until then it says so. */
export function ClothesAttributesRoute() {
  return (
    <Page title={ko.layout.sidebarAdminAttributes}>
      <ComingSoon />
    </Page>
  );
}
