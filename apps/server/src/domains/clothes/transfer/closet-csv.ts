import {
  ClothesPurchaseInput,
  CLOTHES_TYPES,
  isSafeText,
  isSeasonDefinitionName,
  ko,
  LIMITS,
  normalizeNewlines,
  type ClothesType,
} from '@otboo/contract';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { badRequest } from '../../../lib/errors.js';

/**
 * The closet's CSV (docs/api.md §9.7): `아이디, 이름, 종류`, one column per attribute definition (named as the
 * definition), `브랜드, 사이즈, 메모, 가격, 구입일` (§10), then `사진` (the photo's path in the exported ZIP), every header and type in
 * Korean. Reading accepts the columns in any order, the English headers of earlier exports (`id, name, type, photo`,
 * `brand, size, notes, price, purchaseDate`), types as codes (`OUTER`) or Korean names (`아우터`), values in any case, and several
 * seasons in the season definition's cell (`봄, 가을`).
 */

/**
 * The records as spreadsheets read them (RFC 4180, csv-stringify): UTF-8 with a BOM so Excel reads it as UTF-8,
 * CRLF line ends, quoted when a cell holds a separator, a quote, a CR or an LF (a bare LF too: with Windows record
 * ends csv-stringify would otherwise leave it unquoted, and the line after it would start a row of its own), or
 * starts or ends with a space. Every line of a cell that a spreadsheet would run as a formula gets a leading
 * apostrophe (`escapeCell`, OWASP "CSV injection"); `unescapeCell` takes it off again on import.
 */
export function writeCsv(records: readonly (readonly string[])[]): string {
  return stringify(
    records.map((record) => record.map(escapeCell)),
    { bom: true, record_delimiter: 'windows', quote_record_delimiter: true, quoted_match: /^\s|\s$/ },
  );
}

/**
 * Where an apostrophe goes: at the start of the cell and of every line inside it (after a CR or an LF; a spreadsheet,
 * and a re-import, may split a cell there) when the line starts with what a spreadsheet runs as a formula (`=`, `+`,
 * `-`, `@`, a tab or a CR, and the full-width forms Apple Numbers folds into them), after any apostrophes already
 * there. Those get one more, so that taking one off on import gives back exactly what was written (`'=x` stays
 * `'=x`). Zero-width, so the line breaks themselves (a CRLF too) are never split.
 */
const FORMULA_LINE_START = /(?<=^|[\r\n])(?='*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;
/** The apostrophe `escapeCell` put there. */
const ESCAPE_APOSTROPHE = /(?<=^|[\r\n])'(?='*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** Puts an apostrophe before every line of the cell that a spreadsheet would run as a formula (OWASP "CSV injection"). */
export const escapeCell = (value: string) => value.replace(FORMULA_LINE_START, "'");

/** Takes off the apostrophes `escapeCell` put, so a round trip keeps the text as it was. */
export const unescapeCell = (value: string) => value.replace(ESCAPE_APOSTROPHE, '');

/** Parsing failed for the whole file (an unclosed quote, mostly). */
export class CsvError extends Error {}

/**
 * CSV text → records of cells (csv-parse). Records are counted as a spreadsheet counts rows (a quoted cell may
 * span lines), so record `i` is spreadsheet row `i + 1`: blank lines stay as records of one empty cell. A BOM is
 * ignored; CRLF, LF and CR all end a record; a quote inside an unquoted cell is kept as text; rows may have any
 * number of cells (`readRow` reports a wrong count per row).
 */
export function readCsv(text: string): string[][] {
  try {
    return parse(text, {
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    });
  } catch (err) {
    throw new CsvError(err instanceof Error ? err.message : String(err));
  }
}

export interface CsvDefinition {
  id: string;
  name: string;
  selectableValues: readonly string[];
}

/** Fixed columns: the name written on export first, then the other names read on import. */
const FIXED = {
  id: ['아이디', 'id'],
  name: ['이름', 'name'],
  type: ['종류', 'type'],
  brand: ['브랜드', 'brand'],
  size: ['사이즈', 'size'],
  notes: ['메모', 'notes'],
  price: ['가격', 'price'],
  purchaseDate: ['구입일', 'purchasedate', 'purchase date'],
  photo: ['사진', 'photo'],
} as const;
type Fixed = keyof typeof FIXED;
const REQUIRED: readonly Fixed[] = ['name', 'type'];

/** How a season cell lists several seasons; reading also splits at `·` and `/`. */
const SEASON_SEPARATOR = ', ';

export function exportHeader(definitions: readonly CsvDefinition[]): string[] {
  return [
    FIXED.id[0],
    FIXED.name[0],
    FIXED.type[0],
    ...definitions.map((d) => d.name),
    FIXED.brand[0],
    FIXED.size[0],
    FIXED.notes[0],
    FIXED.price[0],
    FIXED.purchaseDate[0],
    FIXED.photo[0],
  ];
}

export function exportRow(
  garment: {
    id: string;
    name: string;
    type: ClothesType;
    brand: string | null;
    size: string | null;
    notes: string | null;
    purchasePrice: number | null;
    purchaseDate: string | null;
    attributes: readonly { definitionId: string; value: string; values: readonly string[] | null }[];
  },
  definitions: readonly CsvDefinition[],
  photo: string | null,
): string[] {
  // An attribute with several values (the seasons, docs/api.md §9.8) lists them all in its cell.
  const values = new Map(
    garment.attributes.map((a) => [a.definitionId, a.values?.join(SEASON_SEPARATOR) ?? a.value]),
  );
  return [
    garment.id,
    garment.name,
    ko.clothes.types[garment.type],
    ...definitions.map((d) => values.get(d.id) ?? ''),
    garment.brand ?? '',
    garment.size ?? '',
    // Line ends as the records' (CRLF), which the writer quotes, so multi-line notes stay one cell.
    garment.notes?.replace(/\n/g, '\r\n') ?? '',
    garment.purchasePrice?.toString() ?? '',
    garment.purchaseDate ?? '',
    photo ?? '',
  ];
}

export interface ImportColumns {
  count: number;
  fixed: Partial<Record<Fixed, number>>;
  attributes: { index: number; definition: CsvDefinition }[];
  /** The season definition (the first by name whose name is a season's), whose cell may list several. */
  seasonDefinitionId: string | null;
}

const key = (cell: string) => unescapeCell(cell).trim().toLowerCase();

/** Reads the header row; missing `name`/`type`, unknown or repeated columns are a 400 for the whole file. */
export function readHeader(header: readonly string[], definitions: readonly CsvDefinition[]): ImportColumns {
  const byName = new Map(definitions.map((d) => [d.name.trim().toLowerCase(), d]));
  const fixed: ImportColumns['fixed'] = {};
  const attributes: ImportColumns['attributes'] = [];
  const unknown: string[] = [];
  const seen = new Map<string, number>();
  header.forEach((cell, index) => {
    const name = key(cell);
    if (!name) return;
    seen.set(name, (seen.get(name) ?? 0) + 1);
    const column = (Object.keys(FIXED) as Fixed[]).find((f) =>
      (FIXED[f] as readonly string[]).includes(name),
    );
    if (column) {
      if (fixed[column] === undefined) fixed[column] = index;
      return;
    }
    const definition = byName.get(name);
    if (definition) attributes.push({ index, definition });
    else unknown.push(unescapeCell(cell).trim());
  });
  const fail = (message: string) => badRequest(message, { file: message }, 'InvalidImportException');
  const repeated = [...seen].filter(([, n]) => n > 1).map(([name]) => name);
  if (repeated.length) throw fail(ko.clothes.transfer.duplicateColumns(repeated.join(', ')));
  const missing = REQUIRED.filter((f) => fixed[f] === undefined).map((f) => FIXED[f][0]);
  if (missing.length) throw fail(ko.clothes.transfer.missingColumns(missing.join(', ')));
  if (unknown.length) throw fail(ko.clothes.transfer.unknownColumns(unknown.join(', ')));
  const season = [...definitions]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .find((d) => isSeasonDefinitionName(d.name));
  return { count: header.length, fixed, attributes, seasonDefinitionId: season?.id ?? null };
}

const TYPE_BY_WORD = new Map<string, ClothesType>([
  ...CLOTHES_TYPES.map((t) => [t.toLowerCase(), t] as const),
  ...(Object.entries(ko.clothes.types) as [ClothesType, string][]).map(([t, label]) => [label, t] as const),
]);

export interface ImportDraft {
  /** Spreadsheet row (the header is row 1). */
  row: number;
  name: string;
  type: ClothesType;
  attributes: { definitionId: string; value: string }[];
  /** Several seasons (docs/api.md §9.8), in option order; the first is also among `attributes`. */
  seasons: { definitionId: string; values: string[] } | null;
  brand: string | null;
  size: string | null;
  notes: string | null;
  /** What it cost (docs/api.md §10), or null. */
  purchase: { price: number; date: string | null } | null;
  /** The photo's path as written in the row (resolved against the ZIP by the caller), or null. */
  photo: string | null;
}

/**
 * A season cell's options in option order: the whole cell when it is one option, else its parts split at `,`,
 * `·` or `/`, each an option, each once. Null when a part is not an option.
 */
function seasonValues(definition: CsvDefinition, cell: string): string[] | null {
  const find = (v: string) =>
    definition.selectableValues.findIndex((o) => o.toLowerCase() === v.toLowerCase());
  const whole = find(cell);
  const indexes =
    whole >= 0
      ? [whole]
      : cell
          .split(/[,·/]/)
          .map((part) => part.trim())
          .filter(Boolean)
          .map(find);
  if (indexes.length === 0 || indexes.some((i) => i < 0)) return null;
  return [...new Set(indexes)].sort((a, b) => a - b).flatMap((i) => definition.selectableValues[i] ?? []);
}

/** True for a line with nothing in it (skipped, neither created nor an error). */
export function isBlankRecord(cells: readonly string[]): boolean {
  return cells.every((c) => c.trim() === '');
}

/** One data row → a garment to create, or the Korean reasons it cannot be. */
export function readRow(
  cells: readonly string[],
  row: number,
  columns: ImportColumns,
): { draft: ImportDraft } | { errors: string[] } {
  const t = ko.clothes.transfer;
  if (cells.length !== columns.count) return { errors: [t.rowCells(columns.count, cells.length)] };
  const at = (index: number | undefined) =>
    index === undefined ? '' : unescapeCell(cells[index] ?? '').trim();
  const errors: string[] = [];
  const name = at(columns.fixed.name);
  if (!name) errors.push(t.rowNameRequired);
  else if ([...name].length > LIMITS.clothesNameMax || !isSafeText(name)) errors.push(t.rowNameTooLong);
  const typeCell = at(columns.fixed.type);
  const type = TYPE_BY_WORD.get(typeCell.toLowerCase()) ?? TYPE_BY_WORD.get(typeCell);
  if (!type) errors.push(t.rowTypeUnknown(typeCell));
  const attributes: ImportDraft['attributes'] = [];
  let seasons: ImportDraft['seasons'] = null;
  for (const { index, definition } of columns.attributes) {
    const value = at(index);
    if (!value) continue;
    if (definition.id === columns.seasonDefinitionId) {
      const values = seasonValues(definition, value);
      const first = values?.[0];
      if (values && first !== undefined) {
        attributes.push({ definitionId: definition.id, value: first });
        if (values.length > 1) seasons = { definitionId: definition.id, values };
      } else errors.push(t.rowValueUnknown(definition.name, value));
      continue;
    }
    const option = definition.selectableValues.find((o) => o.toLowerCase() === value.toLowerCase());
    if (option) attributes.push({ definitionId: definition.id, value: option });
    else errors.push(t.rowValueUnknown(definition.name, value));
  }
  // Brand, size and notes as the API bounds them (docs/api.md §9.8); notes may span lines.
  const text = (column: 'brand' | 'size' | 'notes', max: number, tooLong: string) => {
    const value = normalizeNewlines(at(columns.fixed[column])).trim();
    if (value.length > max || !isSafeText(value)) errors.push(tooLong);
    return value || null;
  };
  const d = ko.clothes.detail;
  const brand = text('brand', LIMITS.clothesBrandMax, d.brandTooLong);
  const size = text('size', LIMITS.clothesSizeMax, d.sizeTooLong);
  const notes = text('notes', LIMITS.clothesNotesMax, d.notesTooLong);
  const purchase = readPurchase(at(columns.fixed.price), at(columns.fixed.purchaseDate), errors);
  if (errors.length || !type) return { errors };
  const photo = at(columns.fixed.photo);
  return {
    draft: { row, name, type, attributes, seasons, brand, size, notes, purchase, photo: photo || null },
  };
}

/** A price written as a spreadsheet shows won (`39000`, `39,000`, `39,000원`). */
const PRICE = /^(\d{1,3}(,\d{3})+|\d+)\s*원?$/;

/**
 * The price and purchase date cells as the API bounds them (docs/api.md §10): an integer of won within the
 * limit, a real date not in the future, a date only with a price. Problems are pushed to `errors`.
 */
function readPurchase(priceCell: string, dateCell: string, errors: string[]): ImportDraft['purchase'] {
  const life = ko.clothes.life;
  if (!priceCell) {
    if (dateCell) errors.push(life.purchaseDateWithoutPrice);
    return null;
  }
  const checked = ClothesPurchaseInput.safeParse({
    price: PRICE.test(priceCell) ? Number(priceCell.replace(/[,원\s]/g, '')) : Number.NaN,
    date: dateCell || null,
  });
  if (checked.success) return checked.data;
  errors.push(...new Set(checked.error.issues.map((i) => i.message)));
  return null;
}
