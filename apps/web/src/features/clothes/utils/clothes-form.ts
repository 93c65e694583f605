import {
  isSeasonDefinitionName,
  type ClothesDto,
  type ClothesExtractionDto,
  type ClothesType,
} from '@otboo/contract';

/**
 * What the add and edit dialogs edit; `attributes` maps a definition id to the chosen value ('' = none). The
 * details of ours (docs/api.md §9.8) are optional, so a bulk-add draft needs none of them; the season
 * definition's values live in `seasons`, never in `attributes`, in the dialogs that have them.
 */
export interface ClothesFormValues {
  name: string;
  type: ClothesType | '';
  attributes: Record<string, string>;
  brand?: string;
  size?: string;
  notes?: string;
  seasons?: string[];
  /** Ours (docs/api.md §10): won as digits ('' = no price) and the purchase date (`YYYY-MM-DD`, '' = unknown). */
  price?: string;
  purchaseDate?: string;
}

export const EMPTY_CLOTHES_FORM: ClothesFormValues = {
  name: '',
  type: '',
  attributes: {},
  brand: '',
  size: '',
  notes: '',
  seasons: [],
  price: '',
  purchaseDate: '',
};

/** The garment's seasons: `seasons` when the server sends it, else the season attribute's one value. */
export function seasonsOfClothes(clothes: Pick<ClothesDto, 'attributes' | 'seasons'>): string[] {
  if (clothes.seasons) return clothes.seasons;
  const season = clothes.attributes.find((a) => isSeasonDefinitionName(a.definitionName));
  return season ? [season.value] : [];
}

/** The edit dialog starts from the garment as saved. */
export function valuesOfClothes(clothes: ClothesDto): ClothesFormValues {
  return {
    name: clothes.name,
    type: clothes.type,
    attributes: Object.fromEntries(
      clothes.attributes
        .filter((a) => !isSeasonDefinitionName(a.definitionName))
        .map((a) => [a.definitionId, a.value]),
    ),
    brand: clothes.brand ?? '',
    size: clothes.size ?? '',
    notes: clothes.notes ?? '',
    seasons: seasonsOfClothes(clothes),
    price: clothes.purchase ? String(clothes.purchase.price) : '',
    purchaseDate: clothes.purchase?.date ?? '',
  };
}

/** The details of a create or update request: blank texts clear (null), the seasons as chosen. */
export function detailInputs(values: ClothesFormValues): {
  brand: string | null;
  size: string | null;
  notes: string | null;
  seasons: string[];
  purchase: { price: number; date: string | null } | null;
} {
  const text = (value: string | undefined) => value?.trim() || null;
  const price = values.price?.trim();
  return {
    brand: text(values.brand),
    size: text(values.size),
    notes: text(values.notes),
    seasons: values.seasons ?? [],
    // No price, no purchase: a date alone says nothing the report can use.
    purchase: price ? { price: Number(price), date: values.purchaseDate || null } : null,
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
  const given = extraction.attributes.filter((a) => a.value.trim() !== '');
  // A form with `seasons` keeps the season there (never in `attributes`).
  const isSeason = (a: { definitionName: string }) =>
    current.seasons !== undefined && isSeasonDefinitionName(a.definitionName);
  const imported = Object.fromEntries(
    given.filter((a) => !isSeason(a)).map((a) => [a.definitionId, a.value]),
  );
  const season = given.find(isSeason);
  return {
    ...current,
    name: extraction.name || current.name,
    type: extraction.type ?? current.type,
    attributes: { ...current.attributes, ...imported },
    ...(season ? { seasons: [season.value] } : {}),
  };
}
