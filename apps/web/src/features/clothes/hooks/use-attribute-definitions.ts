import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AttributeDefDto, SortDirection } from '@otboo/contract';
import { getAttributeDefs } from '@/features/clothes/api/get-attribute-defs';
import { queryKeys } from '@/lib/query-keys';
import { errorText } from '@/utils/error-text';

export interface AttributeDefQuery {
  sortBy: 'name' | 'createdAt';
  sortDirection: SortDirection;
  keywordLike?: string;
}

/** Definitions by name, A to Z, as the clothes forms list them (docs/product.md §7). */
export const ATTRIBUTE_DEFS_BY_NAME: AttributeDefQuery = { sortBy: 'name', sortDirection: 'ASCENDING' };

export interface AttributeDefinitions {
  definitions: AttributeDefDto[];
  /** Set once the first answer arrived; a new search keeps showing the rows it replaces meanwhile. */
  loaded: boolean;
  loading: boolean;
  error: string | null;
  /** Loads every attribute list again (after an admin changed a definition). */
  reload(): void;
}

/**
 * Every attribute definition for a query (the endpoint is not paged, so this is no cursor list): the
 * clothes forms and the admin table.
 */
export function useAttributeDefinitions(
  query: AttributeDefQuery = ATTRIBUTE_DEFS_BY_NAME,
): AttributeDefinitions {
  const queryClient = useQueryClient();
  const result = useQuery({
    queryKey: queryKeys.clothes.attributeDefList(query),
    queryFn: () => getAttributeDefs(query),
    placeholderData: keepPreviousData,
  });
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.clothes.attributeDefs() }),
    [queryClient],
  );
  return {
    definitions: result.data ?? [],
    loaded: !result.isPending,
    loading: result.isFetching,
    error: result.error && !result.isFetching ? errorText(result.error) : null,
    reload,
  };
}
