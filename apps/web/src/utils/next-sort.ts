import type { SortDirection } from '@otboo/contract';

export interface SortState<F extends string> {
  sortBy: F;
  sortDirection: SortDirection;
}

/** Admin table sorting (docs/product.md §4): the active column flips its direction, another column sorts descending. */
export function nextSort<F extends string>(
  current: { sortBy?: string; sortDirection?: string },
  column: F,
): SortState<F> {
  if (current.sortBy === column) {
    return {
      sortBy: column,
      sortDirection: current.sortDirection === 'ASCENDING' ? 'DESCENDING' : 'ASCENDING',
    };
  }
  return { sortBy: column, sortDirection: 'DESCENDING' };
}
