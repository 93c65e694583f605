import { useEffect, useState } from 'react';
import type { AttributeDefDto } from '@otboo/contract';
import { getAttributeDefs } from '@/features/clothes/api/get-attribute-defs';
import { errorText } from '@/lib/create-list-store';

export interface AttributeDefinitions {
  definitions: AttributeDefDto[];
  loading: boolean;
  error: string | null;
}

/** Every attribute definition by name, loaded when a clothes dialog opens (spec §7: sorted by name ascending). */
export function useAttributeDefinitions(): AttributeDefinitions {
  const [state, setState] = useState<AttributeDefinitions>({ definitions: [], loading: true, error: null });
  useEffect(() => {
    let live = true;
    getAttributeDefs({ sortBy: 'name', sortDirection: 'ASCENDING' }).then(
      (definitions) => live && setState({ definitions, loading: false, error: null }),
      (error: unknown) => live && setState({ definitions: [], loading: false, error: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
