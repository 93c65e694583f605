import { LIMITS, ko, type ClothesAnalysisDto, type ClothesCreateRequest } from '@otboo/contract';
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
  /** What the file name gave the name field; an analysis name replaces it only while it is untouched. */
  nameFromFile: string;
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
}

export const EMPTY_BULK_STATE: BulkState = { drafts: [], notice: null, progress: null };

/** The name field's first value: the file name without its extension, separators as spaces. */
export function nameFromFileName(fileName: string): string {
  const stem = fileName
    .normalize('NFC')
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/[_+.-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...stem].slice(0, LIMITS.clothesNameMax).join('');
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
  const name = nameFromFileName(file.name);
  return {
    key,
    file,
    nameFromFile: name,
    values: { name, type: '', attributes: {} },
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
 * The analysis fills what the user has not touched: the name while it is still the file's, the type when none is
 * chosen, attributes not chosen yet.
 */
export function applyAnalysis(draft: ClothesDraft, result: ClothesAnalysisDto): ClothesDraft {
  const { values } = draft;
  const read = result.attributes.filter((a) => a.value.trim() !== '');
  const found = Object.fromEntries(read.map((a) => [a.definitionId, a.value]));
  const chosen = Object.fromEntries(Object.entries(values.attributes).filter(([, value]) => value !== ''));
  return {
    ...draft,
    analysis: 'done',
    found: read.map(({ definitionName, value }) => ({ definitionName, value })),
    values: {
      name: result.name && values.name === draft.nameFromFile ? result.name : values.name,
      type: values.type || (result.type ?? ''),
      attributes: { ...found, ...chosen },
    },
  };
}

/** What keeps a draft from being sent, or null: a refused photo, no name, no type. */
export function draftProblem(draft: ClothesDraft): string | null {
  if (draft.photoError) return draft.photoError;
  if (draft.values.name.trim() === '') return ko.clothes.nameRequired;
  if (draft.values.type === '') return ko.clothes.typeRequired;
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
  | { type: 'edit'; key: string; patch: Partial<ClothesFormValues> }
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
    case 'edit':
      return update(state, action.key, (d) => ({
        ...d,
        values: { ...d.values, ...action.patch },
        error: null,
      }));
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
      return update(state, action.key, (d) => applyAnalysis(d, action.result));
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
      return EMPTY_BULK_STATE;
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
