// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ClothesDto, ClothesExtractionDto } from '@otboo/contract';
import {
  attributeInputs,
  canSubmitClothes,
  valuesFromExtraction,
  valuesOfClothes,
} from '@/features/clothes/utils/clothes-form';

const SEASON = '0d3c1f7e-1111-4c1e-9a4b-000000000001';
const COLOR = '0d3c1f7e-1111-4c1e-9a4b-000000000002';

describe('attributeInputs', () => {
  it('sends only attributes with a non-blank value', () => {
    expect(attributeInputs({ [SEASON]: '여름', [COLOR]: '', other: '  ' })).toEqual([
      { definitionId: SEASON, value: '여름' },
    ]);
  });
});

describe('canSubmitClothes', () => {
  it('needs a name and a type, and not while saving', () => {
    expect(canSubmitClothes({ name: '', type: 'TOP', attributes: {} }, false)).toBe(false);
    expect(canSubmitClothes({ name: '  ', type: 'TOP', attributes: {} }, false)).toBe(false);
    expect(canSubmitClothes({ name: '셔츠', type: '', attributes: {} }, false)).toBe(false);
    expect(canSubmitClothes({ name: '셔츠', type: 'TOP', attributes: {} }, true)).toBe(false);
    expect(canSubmitClothes({ name: '셔츠', type: 'TOP', attributes: {} }, false)).toBe(true);
  });
});

describe('valuesFromExtraction', () => {
  const extraction: ClothesExtractionDto = {
    name: '린넨 셔츠',
    type: null,
    imageUrl: null,
    attributes: [
      { definitionId: SEASON, definitionName: '계절', selectableValues: ['봄', '여름'], value: '여름' },
    ],
    source: 'json-ld',
  };

  it('takes the name and attribute values, keeping the chosen type when none was guessed', () => {
    const values = valuesFromExtraction(
      { name: '', type: 'OUTER', attributes: { [COLOR]: '블랙' } },
      extraction,
    );
    expect(values).toEqual({
      name: '린넨 셔츠',
      type: 'OUTER',
      attributes: { [COLOR]: '블랙', [SEASON]: '여름' },
    });
  });

  it('takes a guessed type', () => {
    expect(
      valuesFromExtraction({ name: '', type: '', attributes: {} }, { ...extraction, type: 'TOP' }).type,
    ).toBe('TOP');
  });
});

describe('valuesOfClothes', () => {
  it('maps the saved attributes by definition id', () => {
    const clothes: ClothesDto = {
      id: 'c1',
      ownerId: 'u1',
      name: '코트',
      type: 'OUTER',
      imageUrl: null,
      thumbnailUrl: null,
      createdAt: '2026-11-21T00:00:00.000Z',
      attributes: [
        { definitionId: SEASON, definitionName: '계절', selectableValues: ['봄', '가을'], value: '봄' },
        { definitionId: COLOR, definitionName: '색상', selectableValues: ['블랙'], value: '블랙' },
      ],
      brand: '무신사',
      size: null,
      seasons: ['봄', '가을'],
    };
    // The season goes to `seasons` (several allowed), never to `attributes`; missing texts are blank.
    expect(valuesOfClothes(clothes)).toEqual({
      name: '코트',
      type: 'OUTER',
      attributes: { [COLOR]: '블랙' },
      brand: '무신사',
      size: '',
      notes: '',
      seasons: ['봄', '가을'],
      // No purchase (docs/api.md §10): blank fields.
      price: '',
      purchaseDate: '',
    });
    // A server without `seasons` (the course contract's shape): the season attribute's one value.
    const { seasons: _, ...old } = clothes;
    expect(valuesOfClothes(old).seasons).toEqual(['봄']);
  });
});
