import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ClothesDto } from '@otboo/contract';
import { analyseClothesPhoto } from '@/features/clothes/api/analyse-clothes-photo';
import { createClothes } from '@/features/clothes/api/create-clothes';
import {
  EMPTY_BULK_STATE,
  bulkReducer,
  draftProblem,
  draftRequest,
  filesTaken,
  photoProblem,
  runPool,
  type BulkAction,
  type BulkPatch,
  type BulkState,
  type ClothesDraft,
  type KeyedFile,
} from '@/features/clothes/utils/bulk-drafts';
import type { ClothesFormValues } from '@/features/clothes/utils/clothes-form';
import { releasePhotoUrl } from '@/features/clothes/utils/photo-urls';
import { ApiError, toApiError } from '@/lib/api-client';

/** Photos analysed at once: the server admits four of one user at a time (docs/api.md §9.5). */
export const ANALYSIS_CONCURRENCY = 3;
/** Garments uploaded at once: a phone's uplink is shared, and each upload spends a closet write. */
export const SAVE_CONCURRENCY = 3;
/** A phone photo of up to 10 MB on a slow uplink: longer than the client's 10 s. */
const UPLOAD_TIMEOUT_MS = 60_000;
/** How long to wait before asking again when the analysis is busy (429 or 503, `retry-after: 1`). */
const BUSY_RETRY_MS = 1_000;

/** Answers that refuse the photo itself (not an image, too large, too many pixels): it cannot be uploaded either. */
function refusesPhoto(error: ApiError): boolean {
  return error.status === 400 || error.status === 413 || error.status === 415;
}

async function analyseWithRetry(file: File) {
  try {
    return await analyseClothesPhoto(file);
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 429 && error.status !== 503)) throw error;
    await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
    return analyseClothesPhoto(file);
  }
}

/**
 * Photos waiting for their analysis, at most ANALYSIS_CONCURRENCY asked at once; each answer goes to `dispatch`.
 * Plain state outside React: only event handlers and request callbacks touch it.
 */
export function createAnalysisQueue(dispatch: (action: BulkAction) => void) {
  let pending: KeyedFile[] = [];
  let running = 0;

  function pump(): void {
    while (running < ANALYSIS_CONCURRENCY) {
      const job = pending.shift();
      if (!job) return;
      running++;
      dispatch({ type: 'analysing', key: job.key });
      analyseWithRetry(job.file)
        .then((result) => dispatch({ type: 'analysed', key: job.key, result }))
        .catch((error: unknown) => {
          const apiError = toApiError(error);
          dispatch({
            type: 'analysisFailed',
            key: job.key,
            photoError: refusesPhoto(apiError) ? apiError.message : null,
          });
        })
        .finally(() => {
          running--;
          pump();
        });
    }
  }

  return {
    add(jobs: readonly KeyedFile[]): void {
      pending.push(...jobs);
      pump();
    },
    /** A removed draft's photo is not asked about any more (one already asked is answered into nothing). */
    drop(key: string): void {
      pending = pending.filter((job) => job.key !== key);
    },
    clear(): void {
      pending = [];
    },
  };
}

export interface BulkSaveResult {
  saved: number;
  /** Drafts left (failed, incomplete, or with a refused photo). */
  left: number;
}

/**
 * The bulk add's drafts with their requests: each added photo is analysed (ANALYSIS_CONCURRENCY at a time) to
 * pre-fill its draft, and '모두 저장' sends every complete draft (SAVE_CONCURRENCY at a time). A draft that fails
 * stays with its error, so nothing typed is lost; the state outlives the dialog until it is saved or discarded.
 */
export function useBulkDrafts(colourId: string | null) {
  const [state, dispatch] = useReducer(bulkReducer, EMPTY_BULK_STATE);
  const counter = useRef(0);
  const [queue] = useState(() => createAnalysisQueue(dispatch));
  // The definitions may load after the first photos were chosen: the drafts are named once it is known.
  useEffect(() => dispatch({ type: 'colour', colourId }), [colourId]);

  // A photo whose draft was saved, removed or discarded no longer needs its object URL.
  const shown = useRef(new Set<File>());
  useEffect(() => {
    const now = new Set(state.drafts.flatMap((d) => (d.file ? [d.file] : [])));
    for (const file of shown.current) if (!now.has(file)) releasePhotoUrl(file);
    shown.current = now;
  }, [state.drafts]);
  useEffect(
    () => () => {
      for (const file of shown.current) releasePhotoUrl(file);
    },
    [],
  );

  const addFiles = useCallback(
    (files: readonly File[]) => {
      const keyed = files.map((file) => ({ key: `draft-${++counter.current}`, file }));
      dispatch({ type: 'add', files: keyed });
      // The same files the reducer takes; should it see more drafts than this render did, an extra analysis for
      // a draft it left out is answered into nothing.
      queue.add(filesTaken(state.drafts, keyed).filter((job) => photoProblem(job.file) === null));
    },
    [queue, state.drafts],
  );

  const edit = useCallback(
    (key: string, patch: Partial<ClothesFormValues>) => dispatch({ type: 'edit', key, patch }),
    [],
  );

  const applyToAll = useCallback(
    (patch: BulkPatch, overwrite: boolean) => dispatch({ type: 'applyToAll', patch, overwrite }),
    [],
  );

  const remove = useCallback(
    (key: string) => {
      queue.drop(key);
      dispatch({ type: 'remove', key });
    },
    [queue],
  );

  const removePhoto = useCallback(
    (key: string) => {
      queue.drop(key);
      dispatch({ type: 'removePhoto', key });
    },
    [queue],
  );

  const discard = useCallback(() => {
    queue.clear();
    dispatch({ type: 'clear' });
  }, [queue]);

  /** Sends every complete draft; `onSaved` gets each garment as it is created. */
  const saveAll = useCallback(
    async (ownerId: string, onSaved: (clothes: ClothesDto) => void): Promise<BulkSaveResult> => {
      const drafts = state.drafts.filter((d) => !d.saving);
      const problems: Record<string, string> = {};
      const ready: ClothesDraft[] = [];
      for (const draft of drafts) {
        const problem = draftProblem(draft);
        if (problem) problems[draft.key] = problem;
        else ready.push(draft);
      }
      dispatch({ type: 'saveStarted', keys: ready.map((d) => d.key), problems });
      let saved = 0;
      await runPool(ready, SAVE_CONCURRENCY, async (draft) => {
        const request = draftRequest(ownerId, draft);
        if (!request) return;
        try {
          const clothes = await createClothes(request, draft.file, { timeoutMs: UPLOAD_TIMEOUT_MS });
          saved++;
          onSaved(clothes);
          dispatch({ type: 'saved', key: draft.key });
        } catch (error) {
          dispatch({ type: 'saveFailed', key: draft.key, message: toApiError(error).message });
        }
      });
      dispatch({ type: 'saveFinished' });
      return { saved, left: drafts.length - saved };
    },
    [state.drafts],
  );

  return { state, addFiles, edit, applyToAll, remove, removePhoto, discard, saveAll };
}

export type BulkDrafts = ReturnType<typeof useBulkDrafts>;

/** Whether a photo is still being read (the save waits for the pre-fill). */
export function analysing(state: BulkState): boolean {
  return state.drafts.some((d) => d.analysis === 'waiting' || d.analysis === 'running');
}
