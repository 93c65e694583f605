// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LIMITS, ko } from '@otboo/contract';
import {
  EMPTY_BULK_STATE,
  applyAnalysis,
  bulkReducer,
  draftProblem,
  draftRequest,
  applyToAll,
  autoName,
  editDraft,
  newDraft,
  runPool,
  type BulkState,
} from '@/features/clothes/utils/bulk-drafts';

const COLOR = '0d3c1f7e-1111-4c1e-9a4b-000000000002';
const SEASON = '0d3c1f7e-1111-4c1e-9a4b-000000000001';
const OWNER = '6a1f0c2e-0000-4000-8000-000000000001';

function photo(name = 'navy-coat.jpg', bytes = 3, type = 'image/jpeg'): File {
  const file = new File([new Uint8Array(3)], name, { type });
  if (bytes !== 3) Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

/** The bulk add's state once the definitions are known: 색상 names the drafts. */
const START: BulkState = { ...EMPTY_BULK_STATE, colourId: COLOR };

let next = 0;
function add(state: BulkState, files: File[]): BulkState {
  return bulkReducer(state, { type: 'add', files: files.map((file) => ({ key: `k${++next}`, file })) });
}

describe('adding photos', () => {
  it('takes 30 of 31 photos and says so in Korean', () => {
    const files = Array.from({ length: 31 }, (_, i) => photo(`shirt-${i}.jpg`));
    const state = add(START, files);
    expect(state.drafts).toHaveLength(LIMITS.clothesBulkAddMax);
    expect(state.drafts.map((d) => d.file)).toEqual(files.slice(0, 30));
    expect(state.notice).toBe(ko.clothes.analysis.tooManyPhotos(30, 30));
    expect(state.notice).toBe('사진은 30장까지 담을 수 있어요. 30장만 담았어요.');
  });

  it('fills only the room left beside the drafts already there', () => {
    const full = add(
      START,
      Array.from({ length: 25 }, () => photo()),
    );
    const state = add(
      full,
      Array.from({ length: 10 }, () => photo()),
    );
    expect(state.drafts).toHaveLength(30);
    expect(state.notice).toBe(ko.clothes.analysis.tooManyPhotos(30, 5));
    expect(add(state, [photo()]).drafts).toHaveLength(30);
  });

  it('makes two drafts of the same photo chosen twice', () => {
    const same = photo('coat.jpg');
    const state = add(add(START, [same]), [same]);
    expect(state.drafts).toHaveLength(2);
    expect(new Set(state.drafts.map((d) => d.key)).size).toBe(2);
    expect(state.notice).toBeNull();
  });

  it('keeps a too-large or non-image file as a draft with its error, never analysed', () => {
    const big = newDraft('a', photo('big-coat.jpg', LIMITS.clothesImageMaxBytes + 1));
    expect(big.photoError).toBe(ko.clothes.imageTooLarge);
    expect(big.analysis).toBe('skipped');
    expect(draftProblem(big)).toBe(ko.clothes.imageTooLarge);
    const pdf = newDraft('b', photo('receipt.pdf', 3, 'application/pdf'));
    expect(pdf.photoError).toBe(ko.validation.avatarNotImage);
    expect(newDraft('c', photo('coat.jpg', LIMITS.clothesImageMaxBytes)).photoError).toBeNull();
  });

  it('never takes the file name as the name: camera and English names are not names', () => {
    for (const name of ['IMG_1234.jpg', 'IMG 1234.jpg', 'photo1.jpg', 'navy coat.jpg', 'white tshirt.png'])
      expect(newDraft('a', photo(name)).values.name, name).toBe('');
  });
});

describe('applyAnalysis', () => {
  const result = {
    name: '네이비 코트',
    type: 'OUTER' as const,
    attributes: [{ definitionId: COLOR, definitionName: '색상', value: '네이비' }],
  };

  it('fills an untouched draft: name, type, colour', () => {
    const draft = applyAnalysis(newDraft('a', photo('navy-coat.jpg')), result, COLOR);
    expect(draft.values).toEqual({ name: '네이비 코트', type: 'OUTER', attributes: { [COLOR]: '네이비' } });
    expect(draft.found).toEqual([{ definitionName: '색상', value: '네이비' }]);
    expect(draft.analysis).toBe('done');
  });

  it('never overwrites what the user typed or chose meanwhile', () => {
    let state = add(START, [photo('navy-coat.jpg')]);
    const key = state.drafts[0]!.key;
    state = bulkReducer(state, {
      type: 'edit',
      key,
      patch: { name: '엄마가 사준 코트', type: 'TOP', attributes: { [COLOR]: '블랙', [SEASON]: '겨울' } },
    });
    state = bulkReducer(state, { type: 'analysed', key, result });
    expect(state.drafts[0]!.values).toEqual({
      name: '엄마가 사준 코트',
      type: 'TOP',
      attributes: { [COLOR]: '블랙', [SEASON]: '겨울' },
    });
  });

  it('is ignored for a draft removed meanwhile', () => {
    let state = add(START, [photo()]);
    const key = state.drafts[0]!.key;
    state = bulkReducer(state, { type: 'remove', key });
    expect(bulkReducer(state, { type: 'analysed', key, result })).toEqual(state);
  });
});

describe('names the app makes', () => {
  const coat = {
    name: '네이비 코트',
    type: 'OUTER' as const,
    attributes: [{ definitionId: COLOR, definitionName: '색상', value: '네이비' }],
  };
  const analysed = (result = coat) => applyAnalysis(newDraft('a', photo('IMG_1234.jpg')), result, COLOR);
  const edit = (draft: ReturnType<typeof analysed>, patch: Parameters<typeof editDraft>[1]) =>
    editDraft(draft, patch, COLOR);

  it('puts the colour before the garment word, the word alone without a colour', () => {
    expect(autoName('네이비', '코트')).toBe('네이비 코트');
    expect(autoName('', '코트')).toBe('코트');
    expect(autoName('네이비', '')).toBe('');
  });

  it('follows a colour change with the garment word the analysis gave', () => {
    const draft = edit(analysed(), { attributes: { [COLOR]: '블랙' } });
    expect(draft.values.name).toBe('블랙 코트');
    expect(edit(draft, { attributes: { [COLOR]: '' } }).values.name).toBe('코트');
  });

  it('follows a type change with that type in Korean', () => {
    expect(edit(analysed(), { type: 'TOP' }).values.name).toBe('네이비 상의');
    expect(edit(analysed(), { type: 'ETC' }).values.name).toBe('네이비 옷');
    // Choosing the same type again keeps the garment word.
    expect(edit(analysed(), { type: 'OUTER' }).values.name).toBe('네이비 코트');
  });

  it('names a photo the file name said nothing about once a type is chosen', () => {
    const camera = analysed({ ...coat, name: null, type: null } as unknown as typeof coat);
    expect(camera.values.name).toBe('');
    expect(camera.values.attributes).toEqual({ [COLOR]: '네이비' });
    expect(edit(camera, { type: 'OUTER' }).values.name).toBe('네이비 아우터');
  });

  it('names a draft whose type was chosen before the analysis answered', () => {
    const early = editDraft(newDraft('a', photo('IMG_1.jpg')), { type: 'BOTTOM' }, COLOR);
    expect(early.values.name).toBe('하의');
    const later = applyAnalysis(early, { ...coat, name: null, type: null } as unknown as typeof coat, COLOR);
    expect(later.values).toMatchObject({ name: '네이비 하의', type: 'BOTTOM' });
  });

  it('splits a name analysed before the colour definition was known once it is', () => {
    let state = add(EMPTY_BULK_STATE, [photo('navy-coat.jpg')]);
    const key = state.drafts[0]!.key;
    state = bulkReducer(state, { type: 'analysed', key, result: coat });
    expect(state.drafts[0]!.values.name).toBe('네이비 코트');
    state = bulkReducer(state, { type: 'colour', colourId: COLOR });
    expect(state.drafts[0]!.garment).toBe('코트');
    state = bulkReducer(state, { type: 'edit', key, patch: { attributes: { [COLOR]: '블랙' } } });
    expect(state.drafts[0]!.values.name).toBe('블랙 코트');
  });

  it('never renames a name the user typed; a name cleared to nothing is made again on the next change', () => {
    const typed = edit(analysed(), { name: '엄마가 사준 코트' });
    expect(edit(typed, { type: 'TOP' }).values.name).toBe('엄마가 사준 코트');
    expect(edit(typed, { attributes: { [COLOR]: '블랙' } }).values.name).toBe('엄마가 사준 코트');
    const cleared = edit(typed, { name: '' });
    expect(cleared.values.name).toBe('');
    expect(edit(cleared, { attributes: { [COLOR]: '블랙' } }).values.name).toBe('블랙 코트');
  });
});

describe("'모든 옷에 적용'", () => {
  function three(): BulkState {
    let state = add(START, [photo('IMG_1.jpg'), photo('IMG_2.jpg'), photo('IMG_3.jpg')]);
    for (const [i, d] of state.drafts.entries())
      state = bulkReducer(state, {
        type: 'analysed',
        key: d.key,
        result: {
          name: null,
          type: null,
          attributes: [
            { definitionId: COLOR, definitionName: '색상', value: ['네이비', '블랙', '화이트'][i]! },
          ],
        },
      });
    return state;
  }

  it('sets the type of every draft and names each from its own colour', () => {
    const state = applyToAll(three(), { type: 'TOP' }, false, COLOR);
    expect(state.drafts.map((d) => [d.values.type, d.values.name])).toEqual([
      ['TOP', '네이비 상의'],
      ['TOP', '블랙 상의'],
      ['TOP', '화이트 상의'],
    ]);
    expect(state.applied).toEqual({ changed: 3, kept: 0 });
    expect(ko.clothes.analysis.appliedToAll(3, 0)).toBe('3벌에 적용했어요.');
  });

  it('leaves a value the user set by hand unless asked to overwrite it', () => {
    let state = three();
    const [a, b] = state.drafts.map((d) => d.key) as [string, string];
    state = bulkReducer(state, { type: 'edit', key: a, patch: { type: 'BOTTOM' } });
    state = bulkReducer(state, {
      type: 'edit',
      key: b,
      patch: { attributes: { [COLOR]: '그레이' } },
    });
    const kept = applyToAll(state, { type: 'OUTER', attributes: { [COLOR]: '베이지' } }, false, COLOR);
    expect(kept.drafts.map((d) => [d.values.type, d.values.attributes[COLOR]])).toEqual([
      ['BOTTOM', '베이지'],
      ['OUTER', '그레이'],
      ['OUTER', '베이지'],
    ]);
    expect(kept.applied).toEqual({ changed: 3, kept: 2 });
    expect(ko.clothes.analysis.appliedToAll(3, 2)).toBe(
      '3벌에 적용했어요. 2벌은 직접 고친 값을 그대로 두었어요.',
    );

    const overwritten = applyToAll(state, { type: 'OUTER', attributes: { [COLOR]: '베이지' } }, true, COLOR);
    expect(overwritten.drafts.map((d) => d.values.name)).toEqual([
      '베이지 아우터',
      '베이지 아우터',
      '베이지 아우터',
    ]);
    expect(overwritten.applied).toEqual({ changed: 3, kept: 0 });
    // Overwritten, the value is the bulk one now: a later '모든 옷에 적용' changes it again.
    const again = applyToAll(overwritten, { type: 'SHOES' }, false, COLOR);
    expect(again.drafts.every((d) => d.values.type === 'SHOES')).toBe(true);
  });

  it('removes a value from every draft with an empty value, and never renames a typed name', () => {
    let state = three();
    const [a] = state.drafts.map((d) => d.key) as [string];
    state = applyToAll(state, { type: 'HAT' }, false, COLOR);
    state = bulkReducer(state, { type: 'edit', key: a, patch: { name: '아빠 모자' } });
    state = applyToAll(state, { attributes: { [COLOR]: '' } }, false, COLOR);
    expect(state.drafts.map((d) => d.values.name)).toEqual(['아빠 모자', '모자', '모자']);
    expect(state.drafts.every((d) => d.values.attributes[COLOR] === '')).toBe(true);
  });
});

describe('saving', () => {
  it('counts progress, drops saved drafts and keeps a failed one with its error and its values', () => {
    let state = add(START, [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]);
    const [a, b, c] = state.drafts.map((d) => d.key) as [string, string, string];
    state = bulkReducer(state, {
      type: 'edit',
      key: b,
      patch: { name: '  직접 쓴 이름  ', type: 'TOP' },
    });
    state = bulkReducer(state, { type: 'saveStarted', keys: [a, b, c], problems: {} });
    expect(state.progress).toEqual({ done: 0, total: 3 });
    expect(state.drafts.every((d) => d.saving)).toBe(true);
    state = bulkReducer(state, { type: 'saved', key: a });
    state = bulkReducer(state, { type: 'saveFailed', key: b, message: ko.clothes.imageInvalid });
    expect(state.progress).toEqual({ done: 2, total: 3 });
    expect(ko.clothes.analysis.savingProgress(2, 3)).toBe('2/3 저장 중...');
    state = bulkReducer(state, { type: 'saved', key: c });
    state = bulkReducer(state, { type: 'saveFinished' });
    expect(state.progress).toBeNull();
    expect(state.drafts).toHaveLength(1);
    expect(state.drafts[0]).toMatchObject({
      key: b,
      saving: false,
      error: ko.clothes.imageInvalid,
      values: { name: '  직접 쓴 이름  ', type: 'TOP' },
    });
    // Editing the draft clears its error.
    state = bulkReducer(state, { type: 'edit', key: b, patch: { name: '셔츠' } });
    expect(state.drafts[0]!.error).toBeNull();
  });

  it('marks drafts that cannot be sent with what is missing', () => {
    let state = add(START, [photo('a.jpg')]);
    const key = state.drafts[0]!.key;
    expect(draftProblem(state.drafts[0]!)).toBe(ko.clothes.typeRequired);
    state = bulkReducer(state, { type: 'edit', key, patch: { name: ' ', type: 'TOP' } });
    expect(draftProblem(state.drafts[0]!)).toBe(ko.clothes.nameRequired);
    state = bulkReducer(state, {
      type: 'saveStarted',
      keys: [],
      problems: { [key]: ko.clothes.nameRequired },
    });
    expect(state.drafts[0]!.error).toBe(ko.clothes.nameRequired);
  });

  it('sends a trimmed name and only the attributes with a value', () => {
    let state = add(START, [photo('a.jpg')]);
    const key = state.drafts[0]!.key;
    expect(draftRequest(OWNER, state.drafts[0]!)).toBeNull();
    state = bulkReducer(state, {
      type: 'edit',
      key,
      patch: { name: ' 코트 ', type: 'OUTER', attributes: { [COLOR]: '네이비', [SEASON]: '' } },
    });
    expect(draftRequest(OWNER, state.drafts[0]!)).toEqual({
      ownerId: OWNER,
      name: '코트',
      type: 'OUTER',
      attributes: [{ definitionId: COLOR, value: '네이비' }],
    });
  });

  it('takes a refused photo out so that the rest can be saved', () => {
    let state = add(START, [photo('coat.jpg', LIMITS.clothesImageMaxBytes + 1)]);
    const key = state.drafts[0]!.key;
    state = bulkReducer(state, { type: 'removePhoto', key });
    expect(state.drafts[0]).toMatchObject({ file: null, photoError: null });
  });
});

describe('runPool', () => {
  it('never runs more than the limit at once and settles every item, failures included', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n % 3));
      running--;
      seen.push(n);
      if (n === 4) throw new Error('failed');
    });
    expect(most).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
