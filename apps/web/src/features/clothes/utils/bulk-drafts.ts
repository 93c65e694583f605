import {
  LIMITS,
  ko,
  type ClothesAnalysisDto,
  type ClothesCreateRequest,
  type ClothesType,
} from '@otboo/contract';
import { attributeInputs, type ClothesFormValues } from '@/features/clothes/utils/clothes-form';

/**
 * The bulk add's drafts ('여러 벌 한번에 추가', docs/api.md §9.5): one per chosen photo, pre-filled by the photo
 * analysis, each saved as its own POST /api/clothes. Pure state; hooks/use-bulk-drafts.ts runs the requests.
 */
export interface ClothesDraft {
  /** Unique per draft: the same photo chosen twice makes two drafts. */
  key: string;
  /** The photo to upload with it; null once the user took a refused photo out to save the rest. */
  file: File | null;
  /**
   * The Korean garment word the app names the draft with ('코트' from `navy-coat.jpg`, '아우터' once the user
   * chose 아우터), '' while none is known. The name is the colour before it ('네이비 코트') until the user types one.
   */
  garment: string;
  /** True once the user typed a name of their own: from then on a type or colour change never renames it. */
  nameTyped: boolean;
  /** Fields the user set on this draft by hand; '모든 옷에 적용' leaves them unless asked to overwrite. */
  edited: { type: boolean; attributes: Readonly<Record<string, true>> };
  values: ClothesFormValues;
  /** What the analysis read from the photo (the colour), shown on the card as found. */
  found: Array<{ definitionName: string; value: string }>;
  /** waiting → running → done | failed; `skipped` when the photo was refused before it was sent. */
  analysis: 'waiting' | 'running' | 'done' | 'failed' | 'skipped';
  /** Why the photo cannot be uploaded (not an image, too large, refused by the server): the draft is not sent. */
  photoError: string | null;
  /** Why the last save failed or what is missing; cleared when the user edits the draft. */
  error: string | null;
  saving: boolean;
}

export interface BulkState {
  drafts: ClothesDraft[];
  /** A message about the last choice of photos (more than LIMITS.clothesBulkAddMax). */
  notice: string | null;
  /** While '모두 저장' runs: drafts settled (saved or failed) out of those sent. */
  progress: { done: number; total: number } | null;
  /** What the last '모든 옷에 적용' did: drafts changed, and drafts it left as the user set them. */
  applied: { changed: number; kept: number } | null;
  /** The 색상 definition's id (drafts are named by its value), null while unknown or when there is none. */
  colourId: string | null;
}

export const EMPTY_BULK_STATE: BulkState = {
  drafts: [],
  notice: null,
  progress: null,
  applied: null,
  colourId: null,
};

/** The Korean word a type gives a draft's name when no garment word is known ('아우터', '옷' for 기타). */
export function typeNoun(type: ClothesType): string {
  return ko.clothes.analysis.typeNouns[type];
}

/**
 * A name the app makes: the colour before the garment word ('네이비 코트'), the garment alone without a colour, ''
 * without a garment. The server's photo analysis names drafts the same way (docs/api.md §9.5), so its name is
 * this colour and a garment word.
 */
export function autoName(colour: string, garment: string): string {
  if (!garment) return '';
  return [...(colour ? `${colour} ${garment}` : garment)].slice(0, LIMITS.clothesNameMax).join('');
}

/** The draft with its name made again from its colour and garment word, unless the user typed the name. */
function withAutoName(draft: ClothesDraft, colourId: string | null): ClothesDraft {
  if (draft.nameTyped) return draft;
  const colour = colourId ? (draft.values.attributes[colourId] ?? '') : '';
  return { ...draft, values: { ...draft.values, name: autoName(colour, draft.garment) } };
}

/** Why a chosen file cannot be a garment photo (the same checks as the single add, docs/product.md §5), or null. */
export function photoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return ko.validation.avatarNotImage;
  if (file.size > LIMITS.clothesImageMaxBytes) return ko.clothes.imageTooLarge;
  return null;
}

/** A draft for a chosen file, before its analysis. */
export function newDraft(key: string, file: File): ClothesDraft {
  const photoError = photoProblem(file);
  // No name from the file itself: camera names ('IMG_1234') and English words are not names; the analysis names
  // the draft in Korean from the photo's colour and the garment word the file name holds.
  return {
    key,
    file,
    garment: '',
    nameTyped: false,
    edited: { type: false, attributes: {} },
    values: { name: '', type: '', attributes: {} },
    found: [],
    analysis: photoError ? 'skipped' : 'waiting',
    photoError,
    error: null,
    saving: false,
  };
}

/** A chosen file with the key its draft will have. */
export interface KeyedFile {
  key: string;
  file: File;
}

/** The chosen files that fit beside `drafts` (LIMITS.clothesBulkAddMax in all), in the order chosen. */
export function filesTaken<T>(drafts: readonly ClothesDraft[], files: readonly T[]): T[] {
  return files.slice(0, Math.max(0, LIMITS.clothesBulkAddMax - drafts.length));
}

/** Takes chosen files up to the limit; the rest are left out with a message saying how many were taken. */
export function addFiles(state: BulkState, files: readonly KeyedFile[]): BulkState {
  if (files.length === 0) return state;
  const taken = filesTaken(state.drafts, files);
  const notice =
    taken.length < files.length
      ? ko.clothes.analysis.tooManyPhotos(LIMITS.clothesBulkAddMax, taken.length)
      : null;
  return {
    ...state,
    drafts: [...state.drafts, ...taken.map(({ key, file }) => newDraft(key, file))],
    notice,
  };
}

/**
 * The analysis fills what the user has not touched: the type when none is chosen, attributes not chosen yet, and
 * the name while the user has not typed one ('네이비 코트': the server's name is the photo's colour and the garment
 * word, the word kept for later renames).
 */
export function applyAnalysis(
  draft: ClothesDraft,
  result: ClothesAnalysisDto,
  colourId: string | null,
): ClothesDraft {
  const { values } = draft;
  const read = result.attributes.filter((a) => a.value.trim() !== '');
  const found = Object.fromEntries(read.map((a) => [a.definitionId, a.value]));
  const chosen = Object.fromEntries(Object.entries(values.attributes).filter(([, value]) => value !== ''));
  const colour = read.find((a) => a.definitionId === colourId)?.value;
  const named = result.name ?? '';
  const garment =
    draft.garment || (colour && named.startsWith(`${colour} `) ? named.slice(colour.length + 1) : named);
  return withAutoName(
    {
      ...draft,
      analysis: 'done',
      garment,
      found: read.map(({ definitionName, value }) => ({ definitionName, value })),
      values: {
        name: values.name,
        type: values.type || (result.type ?? ''),
        attributes: { ...found, ...chosen },
      },
    },
    colourId,
  );
}

/**
 * A change the user made on one draft. A new type gives the garment word of that type ('아우터'); a type or colour
 * change renames the draft unless the user typed its name (a name cleared to '' counts as not typed).
 */
export function editDraft(
  draft: ClothesDraft,
  patch: Partial<ClothesFormValues>,
  colourId: string | null,
): ClothesDraft {
  const typeChanged = patch.type !== undefined && patch.type !== draft.values.type;
  const changedAttributes = Object.entries(patch.attributes ?? {})
    .filter(([id, value]) => (draft.values.attributes[id] ?? '') !== value)
    .map(([id]) => [id, true] as const);
  const next: ClothesDraft = {
    ...draft,
    values: { ...draft.values, ...patch },
    garment: typeChanged && patch.type ? typeNoun(patch.type) : draft.garment,
    nameTyped: patch.name !== undefined ? patch.name.trim() !== '' : draft.nameTyped,
    edited: {
      type: draft.edited.type || typeChanged,
      attributes: { ...draft.edited.attributes, ...Object.fromEntries(changedAttributes) },
    },
    error: null,
  };
  return patch.name !== undefined ? next : withAutoName(next, colourId);
}

/** What '모든 옷에 적용' sets: a type and/or attribute values ('' removes a value). */
export interface BulkPatch {
  type?: ClothesType;
  attributes?: Readonly<Record<string, string>>;
}

/**
 * '모든 옷에 적용': the patch on every draft not being saved. A field the user set by hand on a draft keeps its
 * value unless `overwrite`; a field overwritten is then the bulk value, no longer the user's own. Names follow
 * as on a single edit.
 */
export function applyToAll(
  state: BulkState,
  patch: BulkPatch,
  overwrite: boolean,
  colourId: string | null,
): BulkState {
  let changed = 0;
  let kept = 0;
  const drafts = state.drafts.map((draft) => {
    if (draft.saving) return draft;
    const takesType = patch.type !== undefined && (overwrite || !draft.edited.type);
    const attributeIds = Object.keys(patch.attributes ?? {});
    const takenIds = attributeIds.filter((id) => overwrite || !draft.edited.attributes[id]);
    if ((patch.type !== undefined && !takesType) || takenIds.length < attributeIds.length) kept++;
    if (!takesType && takenIds.length === 0) return draft;
    changed++;
    const type = takesType && patch.type ? patch.type : draft.values.type;
    const attributes = { ...draft.values.attributes };
    const editedAttributes = { ...draft.edited.attributes };
    for (const id of takenIds) {
      attributes[id] = patch.attributes?.[id] ?? '';
      delete editedAttributes[id];
    }
    return withAutoName(
      {
        ...draft,
        values: { ...draft.values, type, attributes },
        garment: type !== draft.values.type && type !== '' ? typeNoun(type) : draft.garment,
        edited: { type: takesType ? false : draft.edited.type, attributes: editedAttributes },
        error: null,
      },
      colourId,
    );
  });
  return { ...state, drafts, applied: { changed, kept } };
}

/**
 * The colour definition became known (the definitions load while the first photos are analysed): an analysis
 * name read before it ('네이비 코트' taken whole as the garment word) is split into its colour and garment word, so
 * that later colour changes replace the colour.
 */
function withColourDefinition(state: BulkState, colourId: string | null): BulkState {
  if (!colourId || colourId === state.colourId) return { ...state, colourId };
  const drafts = state.drafts.map((draft) => {
    const colour = draft.values.attributes[colourId];
    if (!colour || !draft.garment.startsWith(`${colour} `)) return draft;
    return withAutoName({ ...draft, garment: draft.garment.slice(colour.length + 1) }, colourId);
  });
  return { ...state, colourId, drafts };
}

/** What keeps a draft from being sent, or null: a refused photo, no type (choosing one names it), no name. */
export function draftProblem(draft: ClothesDraft): string | null {
  if (draft.photoError) return draft.photoError;
  if (draft.values.type === '') return ko.clothes.typeRequired;
  if (draft.values.name.trim() === '') return ko.clothes.nameRequired;
  return null;
}

/** The POST /api/clothes body of a draft, or null while it has no type. */
export function draftRequest(ownerId: string, draft: ClothesDraft): ClothesCreateRequest | null {
  const { name, type, attributes } = draft.values;
  if (type === '') return null;
  return { ownerId, name: name.trim(), type, attributes: attributeInputs(attributes) };
}

export type BulkAction =
  | { type: 'add'; files: readonly KeyedFile[] }
  | { type: 'colour'; colourId: string | null }
  | { type: 'edit'; key: string; patch: Partial<ClothesFormValues> }
  | { type: 'applyToAll'; patch: BulkPatch; overwrite: boolean }
  | { type: 'remove'; key: string }
  | { type: 'removePhoto'; key: string }
  | { type: 'analysing'; key: string }
  | { type: 'analysed'; key: string; result: ClothesAnalysisDto }
  | { type: 'analysisFailed'; key: string; photoError: string | null }
  | { type: 'saveStarted'; keys: readonly string[]; problems: Readonly<Record<string, string>> }
  | { type: 'saved'; key: string }
  | { type: 'saveFailed'; key: string; message: string }
  | { type: 'saveFinished' }
  | { type: 'clear' };

function update(state: BulkState, key: string, change: (draft: ClothesDraft) => ClothesDraft): BulkState {
  return { ...state, drafts: state.drafts.map((d) => (d.key === key ? change(d) : d)) };
}

function settle(state: BulkState): BulkState['progress'] {
  return state.progress && { ...state.progress, done: state.progress.done + 1 };
}

/** Every change of the bulk add's drafts. An answer for a draft removed meanwhile changes nothing. */
export function bulkReducer(state: BulkState, action: BulkAction): BulkState {
  switch (action.type) {
    case 'add':
      return addFiles(state, action.files);
    case 'colour':
      return withColourDefinition(state, action.colourId);
    case 'edit':
      return update(state, action.key, (d) => editDraft(d, action.patch, state.colourId));
    case 'applyToAll':
      return applyToAll(state, action.patch, action.overwrite, state.colourId);
    case 'remove':
      return { ...state, drafts: state.drafts.filter((d) => d.key !== action.key) };
    case 'removePhoto':
      return update(state, action.key, (d) => ({
        ...d,
        file: null,
        photoError: null,
        error: null,
        analysis: d.analysis === 'waiting' ? 'skipped' : d.analysis,
      }));
    case 'analysing':
      return update(state, action.key, (d) => ({ ...d, analysis: 'running' }));
    case 'analysed':
      return update(state, action.key, (d) => applyAnalysis(d, action.result, state.colourId));
    case 'analysisFailed':
      return update(state, action.key, (d) => ({
        ...d,
        analysis: 'failed',
        photoError: action.photoError ?? d.photoError,
      }));
    case 'saveStarted':
      return {
        ...state,
        notice: null,
        progress: { done: 0, total: action.keys.length },
        drafts: state.drafts.map((d) =>
          action.keys.includes(d.key)
            ? { ...d, saving: true, error: null }
            : { ...d, error: action.problems[d.key] ?? d.error },
        ),
      };
    case 'saved':
      return {
        ...state,
        progress: settle(state),
        drafts: state.drafts.filter((d) => d.key !== action.key),
      };
    case 'saveFailed':
      return {
        ...update(state, action.key, (d) => ({ ...d, saving: false, error: action.message })),
        progress: settle(state),
      };
    case 'saveFinished':
      return { ...state, progress: null };
    case 'clear':
      return { ...EMPTY_BULK_STATE, colourId: state.colourId };
  }
}

/** Runs `worker` over `items`, at most `limit` at a time, in order; resolves when every one has settled. */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  worker: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      const item = items[next++] as T;
      await worker(item).catch(() => undefined);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
