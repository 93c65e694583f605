import { useCallback, useState } from 'react';
import { ko } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import {
  AttributeDialog,
  type AttributeDialogState,
} from '@/features/clothes/components/attributes/attribute-dialog';
import { AttributesTable } from '@/features/clothes/components/attributes/attributes-table';
import { AttributesToolbar } from '@/features/clothes/components/attributes/attributes-toolbar';
import {
  ATTRIBUTE_DEFS_BY_NAME,
  useAttributeDefinitions,
  type AttributeDefQuery,
} from '@/features/clothes/hooks/use-attribute-definitions';
import { nextSort } from '@/utils/next-sort';

/** /admin/clothes-attributes — add, edit and delete clothing attribute definitions (docs/product.md §2). */
export function ClothesAttributesRoute() {
  const [params, setParams] = useState<AttributeDefQuery>(ATTRIBUTE_DEFS_BY_NAME);
  const defs = useAttributeDefinitions(params);
  const [dialog, setDialog] = useState<AttributeDialogState>({ mode: 'closed' });

  const search = useCallback(
    (keywordLike: string | undefined) => setParams((current) => ({ ...current, keywordLike })),
    [],
  );

  return (
    <Page title={ko.attributes.title}>
      <div className="flex flex-col gap-5">
        <AttributesToolbar
          applied={params.keywordLike}
          onSearch={search}
          onAdd={() => setDialog({ mode: 'add' })}
        />
        <AttributesTable
          definitions={defs.definitions}
          loaded={defs.loaded}
          loading={defs.loading}
          error={defs.error}
          sortBy={params.sortBy}
          sortDirection={params.sortDirection}
          onSort={(column) => setParams((current) => ({ ...current, ...nextSort(current, column) }))}
          onOpen={(definition) => setDialog({ mode: 'edit', definition })}
        />
      </div>
      <AttributeDialog state={dialog} onClose={() => setDialog({ mode: 'closed' })} onChanged={defs.reload} />
    </Page>
  );
}
