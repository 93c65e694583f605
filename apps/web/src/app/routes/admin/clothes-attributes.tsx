import { useCallback, useEffect, useState } from 'react';
import { ko } from '@otboo/contract';
import { Page } from '@/components/layouts/page';
import {
  AttributeDialog,
  type AttributeDialogState,
} from '@/features/clothes/components/attributes/attribute-dialog';
import { AttributesTable } from '@/features/clothes/components/attributes/attributes-table';
import { AttributesToolbar } from '@/features/clothes/components/attributes/attributes-toolbar';
import { useAttributeDefs } from '@/features/clothes/stores/attribute-defs-store';
import { nextSort } from '@/utils/next-sort';

/** /admin/clothes-attributes — add, edit and delete clothing attribute definitions (spec §2). */
export function ClothesAttributesRoute() {
  const store = useAttributeDefs();
  const [dialog, setDialog] = useState<AttributeDialogState>({ mode: 'closed' });
  const { setParams } = store;

  useEffect(() => {
    void useAttributeDefs.getState().fetch();
    return () => useAttributeDefs.getState().reset();
  }, []);

  const search = useCallback((keywordLike: string | undefined) => setParams({ keywordLike }), [setParams]);

  return (
    <Page title={ko.attributes.title}>
      <div className="flex flex-col gap-5">
        <AttributesToolbar
          applied={store.params.keywordLike}
          onSearch={search}
          onAdd={() => setDialog({ mode: 'add' })}
        />
        <AttributesTable
          definitions={store.data}
          loaded={store.loaded}
          loading={store.loading}
          error={store.error}
          sortBy={store.params.sortBy}
          sortDirection={store.params.sortDirection}
          onSort={(column) => setParams(nextSort(store.params, column))}
          onOpen={(definition) => setDialog({ mode: 'edit', definition })}
        />
      </div>
      <AttributeDialog
        state={dialog}
        onClose={() => setDialog({ mode: 'closed' })}
        onChanged={() => void store.fetch()}
      />
    </Page>
  );
}
