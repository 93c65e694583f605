import type { ClothesDto, ClothesExtractionDto, ClothesType } from '@otboo/contract';

/** What the add and edit dialogs edit; `attributes` maps a definition id to the chosen value ('' = none). */
export interface ClothesFormValues {
  name: string;
  type: ClothesType | '';
  attributes: Record<string, string>;
}

export const EMPTY_CLOTHES_FORM: ClothesFormValues = { name: '', type: '', attributes: {} };

/** The edit dialog starts from the garment as saved. */
export function valuesOfClothes(clothes: ClothesDto): ClothesFormValues {
  return {
    name: clothes.name,
    type: clothes.type,
    attributes: Object.fromEntries(clothes.attributes.map((a) => [a.definitionId, a.value])),
  };
}

/** Only attributes with a non-blank value are sent (docs/product.md §5). */
export function attributeInputs(
  attributes: Record<string, string>,
): Array<{ definitionId: string; value: string }> {
  return Object.entries(attributes)
    .filter(([, value]) => value.trim() !== '')
    .map(([definitionId, value]) => ({ definitionId, value: value.trim() }));
}

/** Submit stays disabled while the name or the type is empty, and while saving (docs/product.md §5). */
export function canSubmitClothes(values: ClothesFormValues, saving: boolean): boolean {
  return !saving && values.name.trim() !== '' && values.type !== '';
}

/**
 * The form after a link import: the page's name, its type when one was guessed (else the type already chosen),
 * and its attribute values over those already chosen.
 */
export function valuesFromExtraction(
  current: ClothesFormValues,
  extraction: ClothesExtractionDto,
): ClothesFormValues {
  const imported = Object.fromEntries(
    extraction.attributes.filter((a) => a.value.trim() !== '').map((a) => [a.definitionId, a.value]),
  );
  return {
    name: extraction.name || current.name,
    type: extraction.type ?? current.type,
    attributes: { ...current.attributes, ...imported },
  };
}
