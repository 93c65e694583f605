import { create } from 'zustand';
import type { AttributeDefDto, SortDirection } from '@otboo/contract';
import { getAttributeDefs } from '@/features/clothes/api/get-attribute-defs';
import { errorText } from '@/lib/create-list-store';

export interface AttributeAdminParams {
  sortBy: 'name' | 'createdAt';
  sortDirection: SortDirection;
  keywordLike?: string;
}

/** Definitions by name, A to Z, as the add-clothes form lists them. */
export const ATTRIBUTE_ADMIN_DEFAULT_PARAMS: AttributeAdminParams = {
  sortBy: 'name',
  sortDirection: 'ASCENDING',
};

interface AttributeDefsState {
  data: AttributeDefDto[];
  /** Set once the first answer arrived; later reloads keep showing the rows they replace. */
  loaded: boolean;
  loading: boolean;
  error: string | null;
  params: AttributeAdminParams;
  /** Loads the whole list for the current parameters (the endpoint is not paged). */
  fetch(): Promise<void>;
  setParams(patch: Partial<AttributeAdminParams>): void;
  reset(): void;
}

// Answers of a superseded request (params changed meanwhile) are dropped.
let generation = 0;

/** The admin attribute table: search, sorting and the rows, shared by the page's table and dialogs. */
export const useAttributeDefs = create<AttributeDefsState>()((set, get) => ({
  data: [],
  loaded: false,
  loading: false,
  error: null,
  params: ATTRIBUTE_ADMIN_DEFAULT_PARAMS,

  async fetch() {
    const current = ++generation;
    set({ loading: true, error: null });
    try {
      const data = await getAttributeDefs(get().params);
      if (current === generation) set({ data, loaded: true, loading: false });
    } catch (error) {
      if (current === generation) set({ loaded: true, loading: false, error: errorText(error) });
    }
  },

  setParams(patch) {
    set({ params: { ...get().params, ...patch } });
    void get().fetch();
  },

  reset() {
    generation++;
    set({ data: [], loaded: false, loading: false, error: null, params: ATTRIBUTE_ADMIN_DEFAULT_PARAMS });
  },
}));
