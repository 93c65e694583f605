import { z } from 'zod';
import {
  BooleanParam,
  Id,
  Instant,
  LIMITS,
  LocalDate,
  seoulToday,
  PageQuery,
  SearchParam,
  SortDirectionParam,
  cursorPage,
  optionalParam,
} from './common.js';
import { normalizeNewlines, safeText } from './safe-text.js';
import { ko } from './texts.ko.js';

export const CLOTHES_TYPES = [
  'TOP',
  'BOTTOM',
  'DRESS',
  'OUTER',
  'UNDERWEAR',
  'ACCESSORY',
  'SHOES',
  'SOCKS',
  'HAT',
  'BAG',
  'SCARF',
  'ETC',
] as const;
export const ClothesType = z.enum(CLOTHES_TYPES, { message: ko.clothes.typeRequired });
export type ClothesType = z.infer<typeof ClothesType>;

export const ClothesAttributeDto = z.object({
  definitionId: z.string(),
  definitionName: z.string(),
  selectableValues: z.array(z.string()),
  value: z.string(),
});
export type ClothesAttributeDto = z.infer<typeof ClothesAttributeDto>;

/** Ours (docs/api.md §10): where a garment is on a day; only AVAILABLE pieces can be worn. */
export const AVAILABILITY_STATES = ['AVAILABLE', 'LAUNDRY', 'LENT', 'REPAIR'] as const;
export const AvailabilityState = z.enum(AVAILABILITY_STATES, { message: ko.clothes.life.stateInvalid });
export type AvailabilityState = z.infer<typeof AvailabilityState>;

/** Ours (docs/api.md §10): why a garment left the closet for the archive ('보관함'). */
export const ARCHIVE_REASONS = ['SOLD', 'DONATED', 'LOST', 'WORN_OUT', 'OTHER'] as const;
export const ArchiveReason = z.enum(ARCHIVE_REASONS, { message: ko.clothes.life.reasonInvalid });
export type ArchiveReason = z.infer<typeof ArchiveReason>;

/**
 * The garment's availability today (Asia/Seoul): `since` when it went away, `until` the last day it is away (null:
 * unknown). After `until` it is AVAILABLE again by itself. `lastWashedAt` (ours): when it last came back from the
 * laundry, or null (the closet's wash hint counts the OOTDs since).
 */
export const ClothesAvailabilityDto = z.object({
  state: AvailabilityState,
  since: Instant.nullable(),
  until: z.string().nullable(),
  lastWashedAt: Instant.nullable().optional(),
});
export type ClothesAvailabilityDto = z.infer<typeof ClothesAvailabilityDto>;

export const ClothesArchivedDto = z.object({ reason: ArchiveReason, at: Instant });
export type ClothesArchivedDto = z.infer<typeof ClothesArchivedDto>;

/** What a garment cost, in won, and when it was bought (null: not known). */
export const ClothesPurchaseDto = z.object({ price: z.number().int(), date: z.string().nullable() });
export type ClothesPurchaseDto = z.infer<typeof ClothesPurchaseDto>;

export const ClothesDto = z.object({
  id: z.string(),
  ownerId: z.string(),
  name: z.string(),
  type: ClothesType,
  imageUrl: z.string().nullable(),
  /** Ours: a small square image for grids (null when there is no image). */
  thumbnailUrl: z.string().nullable(),
  attributes: z.array(ClothesAttributeDto),
  createdAt: Instant,
  /** Ours (docs/api.md §9.8): brand, size and notes (null when not given). */
  brand: z.string().nullable().optional(),
  size: z.string().nullable().optional(),
  notes: z.string().nullable().optional(),
  /**
   * Ours (docs/api.md §9.8): every season of the season definition the garment has, in the definition's option
   * order. `attributes` holds the first of them as that definition's one value (the course contract's shape).
   */
  seasons: z.array(z.string()).optional(),
  /** Ours (docs/api.md §10): availability today, the archive (null while in the closet) and the purchase. */
  availability: ClothesAvailabilityDto.optional(),
  archived: ClothesArchivedDto.nullable().optional(),
  purchase: ClothesPurchaseDto.nullable().optional(),
});
export type ClothesDto = z.infer<typeof ClothesDto>;

/**
 * Names the season definition may have, compared after trimming, lower-casing and removing spaces (`compactName`):
 * the one definition whose values a garment may hold several of (`seasons`).
 */
export const SEASON_DEFINITION_NAMES = ['계절', '시즌', '착용계절', 'season'] as const;

/** A definition name as `SEASON_DEFINITION_NAMES` are compared. */
export const compactName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_.·-]/g, '');

/** True for the season definition's name (see SEASON_DEFINITION_NAMES). */
export const isSeasonDefinitionName = (name: string) =>
  (SEASON_DEFINITION_NAMES as readonly string[]).includes(compactName(name));

/** A garment as worn in an outfit (recommendations, feeds). */
export const OotdDto = z.object({
  clothesId: z.string().nullable(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  type: ClothesType,
  attributes: z.array(ClothesAttributeDto),
});
export type OotdDto = z.infer<typeof OotdDto>;

/** One attribute in a create/update request; blank values are dropped, not stored. */
export const ClothesAttributeInput = z.object({
  definitionId: Id,
  value: z.string().max(LIMITS.attributeOptionMax).check(safeText).nullable().optional(),
});

const ClothesName = z
  .string({ message: ko.clothes.nameRequired })
  .trim()
  .min(1, ko.clothes.nameRequired)
  .max(LIMITS.clothesNameMax, ko.validation.textTooLong)
  .check(safeText);

/** An optional one-line text of ours: trimmed, bounded; blank or null clears it (stored as null). */
const optionalLine = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .check(safeText)
    .nullable()
    .transform((v) => v || null)
    .optional();

/** `price` an integer of won within LIMITS; `date` a real calendar day, today or before (Asia/Seoul). */
export const ClothesPurchaseInput = z.strictObject({
  price: z
    .number({ message: ko.clothes.life.priceInvalid })
    .int(ko.clothes.life.priceInvalid)
    .min(0, ko.clothes.life.priceInvalid)
    .max(LIMITS.clothesPriceMax, ko.clothes.life.priceInvalid),
  date: LocalDate(ko.clothes.life.purchaseDateInvalid)
    .refine((d) => d <= seoulToday(), ko.clothes.life.purchaseDateFuture)
    .nullable()
    .default(null),
});
export type ClothesPurchaseInput = z.infer<typeof ClothesPurchaseInput>;

/** Ours (docs/api.md §9.8): the fields the course contract lacks, accepted by create and update alike. */
const ClothesExtraFields = {
  /** Ours (docs/api.md §10): null clears it. */
  purchase: ClothesPurchaseInput.nullable().optional(),
  brand: optionalLine(LIMITS.clothesBrandMax, ko.clothes.detail.brandTooLong),
  size: optionalLine(LIMITS.clothesSizeMax, ko.clothes.detail.sizeTooLong),
  notes: z
    .string()
    .overwrite(normalizeNewlines)
    .trim()
    .max(LIMITS.clothesNotesMax, ko.clothes.detail.notesTooLong)
    .check(safeText)
    .nullable()
    .transform((v) => v || null)
    .optional(),
  /** Every season of the season definition; `[]` clears them. Each must be one of its options, once. */
  seasons: z
    .array(z.string().max(LIMITS.attributeOptionMax, ko.clothes.detail.seasonInvalid).check(safeText))
    .max(LIMITS.attributeOptionsMax, ko.clothes.detail.seasonInvalid)
    .optional(),
};

export const ClothesCreateRequest = z.object({
  ownerId: Id,
  name: ClothesName,
  type: ClothesType,
  attributes: z.array(ClothesAttributeInput).max(LIMITS.clothesAttributesMax).default([]),
  ...ClothesExtraFields,
});
export type ClothesCreateRequest = z.infer<typeof ClothesCreateRequest>;

export const ClothesUpdateRequest = z.object({
  name: ClothesName.optional(),
  type: ClothesType.optional(),
  attributes: z.array(ClothesAttributeInput).max(LIMITS.clothesAttributesMax).optional(),
  ...ClothesExtraFields,
});
export type ClothesUpdateRequest = z.infer<typeof ClothesUpdateRequest>;

export const ClothesListQuery = PageQuery.extend({
  ownerId: Id,
  typeEqual: optionalParam(ClothesType),
  keywordLike: SearchParam,
  /** The course frontend sends these; the closet is always newest first. */
  sortBy: optionalParam(z.string().max(20).check(safeText)),
  sortDirection: SortDirectionParam,
  /** Ours (docs/api.md §10): only pieces in this state today; `archived=true` lists the archive instead. */
  availabilityEqual: optionalParam(AvailabilityState),
  archived: optionalParam(BooleanParam),
});
export type ClothesListQuery = z.infer<typeof ClothesListQuery>;
export const ClothesPage = cursorPage(ClothesDto);

export const ClothesIdParams = z.object({ clothesId: Id });

/** Ours (docs/api.md §10): `PUT /api/clothes/{id}/availability`; AVAILABLE clears `until`. */
export const ClothesAvailabilityRequest = z.strictObject({
  state: AvailabilityState,
  until: LocalDate(ko.clothes.life.untilInvalid)
    .refine((d) => d >= seoulToday(), ko.clothes.life.untilPast)
    .nullable()
    .optional(),
});
export type ClothesAvailabilityRequest = z.infer<typeof ClothesAvailabilityRequest>;

/** Ours (docs/api.md §10): `POST /api/clothes/{id}/archive`. */
export const ClothesArchiveRequest = z.strictObject({ reason: ArchiveReason });
export type ClothesArchiveRequest = z.infer<typeof ClothesArchiveRequest>;

export const ExtractionQuery = z.object({
  url: z
    .string({ message: ko.clothes.urlRequired })
    .trim()
    .min(1, ko.clothes.urlRequired)
    .max(LIMITS.urlMaxLength, ko.clothes.urlInvalid)
    .check(safeText),
});

export const ClothesExtractionDto = z.object({
  name: z.string(),
  type: ClothesType.nullable(),
  imageUrl: z.string().nullable(),
  attributes: z.array(ClothesAttributeDto),
  /** Ours: where the data came from (`json-ld`, `open-graph`, a shop key, `title`). */
  source: z.string(),
});
export type ClothesExtractionDto = z.infer<typeof ClothesExtractionDto>;

/** Ours (docs/api.md §9.5): what a photo tells before a garment is registered; nothing is stored. */
export const ClothesAnalysisDto = z.object({
  type: ClothesType.nullable(),
  name: z.string().nullable(),
  attributes: z.array(ClothesAttributeDto.pick({ definitionId: true, definitionName: true, value: true })),
});
export type ClothesAnalysisDto = z.infer<typeof ClothesAnalysisDto>;

/** One attribute change of a batch edit: an option of the definition, or null (or blank) to remove the value. */
const ClothesBatchAttributeChange = z.strictObject({
  definitionId: Id,
  value: z.string().max(LIMITS.attributeOptionMax).check(safeText).nullable(),
});

/**
 * Ours (docs/api.md §9.6): a type and/or attribute values set on several of the caller's garments at once.
 * `attributes` carries several changes (each definition once, `value` required: a removal is asked for by name,
 * never by leaving it out); `attribute` is the single change of the first version, where a missing, blank or null
 * `value` removes it. Not both. Unknown fields are refused.
 */
export const ClothesBatchUpdateRequest = z
  .strictObject({
    clothesIds: z
      .array(Id, { message: ko.clothes.batch.empty })
      .min(1, ko.clothes.batch.empty)
      .max(LIMITS.clothesBatchMax, ko.clothes.batch.tooMany(LIMITS.clothesBatchMax)),
    type: ClothesType.optional(),
    /** Ours (docs/api.md §10): the same purchase on every piece; null clears it. */
    purchase: ClothesPurchaseInput.nullable().optional(),
    attribute: z
      .strictObject({
        definitionId: Id,
        value: z.string().max(LIMITS.attributeOptionMax).check(safeText).nullable().optional(),
      })
      .optional(),
    attributes: z
      .array(ClothesBatchAttributeChange)
      .min(1, ko.clothes.batch.nothingToChange)
      .max(LIMITS.clothesAttributesMax)
      .optional(),
  })
  .superRefine((r, ctx) => {
    if (
      r.type === undefined &&
      r.purchase === undefined &&
      r.attribute === undefined &&
      r.attributes === undefined
    )
      ctx.addIssue({ code: 'custom', path: ['type'], message: ko.clothes.batch.nothingToChange });
    if (r.attribute !== undefined && r.attributes !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['attributes'],
        message: ko.clothes.batch.attributeAndAttributes,
      });
    const seen = new Set<string>();
    for (const [index, change] of (r.attributes ?? []).entries()) {
      if (seen.has(change.definitionId))
        ctx.addIssue({
          code: 'custom',
          path: ['attributes', index, 'definitionId'],
          message: ko.clothes.attributeDuplicated,
        });
      seen.add(change.definitionId);
    }
  });
export type ClothesBatchUpdateRequest = z.infer<typeof ClothesBatchUpdateRequest>;
export const ClothesBatchUpdateResponse = z.array(ClothesDto);

/** A priced garment of the closet report's value section: `costPerWear = round(price / max(wearCount, 1))`. */
export const ClosetValueEntry = z.object({
  clothesId: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  price: z.number().int(),
  wearCount: z.number().int(),
  costPerWear: z.number().int(),
});
export type ClosetValueEntry = z.infer<typeof ClosetValueEntry>;

/** Ours (docs/api.md §9.4): the caller's closet in numbers ('옷장 리포트'). */
export const ClosetInsightsDto = z.object({
  totalCount: z.number().int(),
  byType: z.array(z.object({ type: ClothesType, count: z.number().int() })),
  byColor: z.array(z.object({ value: z.string(), count: z.number().int() })),
  wear: z.array(
    z.object({
      clothesId: z.string(),
      name: z.string(),
      type: ClothesType,
      imageUrl: z.string().nullable(),
      thumbnailUrl: z.string().nullable(),
      wearCount: z.number().int(),
      lastWornAt: Instant.nullable(),
    }),
  ),
  neverWorn: z.array(
    z.object({
      clothesId: z.string(),
      name: z.string(),
      type: ClothesType,
      imageUrl: z.string().nullable(),
      thumbnailUrl: z.string().nullable(),
      createdAt: Instant,
    }),
  ),
  /** How many garments were worn at least once / never (the lists above stop at LIMITS.closetInsightsListMax). */
  wornCount: z.number().int(),
  neverWornCount: z.number().int(),
  /** Temperature bands (docs/recommendations.md §2) the closet cannot dress for, coldest first. */
  gaps: z.array(z.object({ band: z.string(), message: z.string() })),
  /** Ours (docs/api.md §10): what the priced pieces cost and cost per wear, best and worst first. */
  value: z
    .object({
      totalSpent: z.number().int(),
      best: z.array(ClosetValueEntry),
      worst: z.array(ClosetValueEntry),
    })
    .optional(),
});
export type ClosetInsightsDto = z.infer<typeof ClosetInsightsDto>;

/** Ours (docs/api.md §9.7): what an import made; `row` counts like a spreadsheet (the header is row 1). */
export const ClothesImportResultDto = z.object({
  created: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type ClothesImportResultDto = z.infer<typeof ClothesImportResultDto>;

export const AttributeDefDto = z.object({
  id: z.string(),
  name: z.string(),
  selectableValues: z.array(z.string()),
  createdAt: Instant,
});
export type AttributeDefDto = z.infer<typeof AttributeDefDto>;
export const AttributeDefList = z.array(AttributeDefDto);

/** Options are trimmed, blanks dropped, duplicates rejected case-insensitively (docs/product.md §5). */
export function normalizeOptions(values: readonly string[]): { values: string[]; duplicate: string | null } {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const v = raw.trim();
    if (!v) continue;
    const key = v.toLowerCase();
    if (seen.has(key)) return { values: out, duplicate: v };
    seen.add(key);
    out.push(v);
  }
  return { values: out, duplicate: null };
}

export const AttributeDefRequest = z
  .object({
    name: z
      .string({ message: ko.attributes.nameRequired })
      .trim()
      .min(1, ko.attributes.nameRequired)
      .max(LIMITS.attributeNameMax, ko.validation.textTooLong)
      .check(safeText),
    selectableValues: z
      .array(z.string().max(LIMITS.attributeOptionMax, ko.validation.textTooLong).check(safeText), {
        message: ko.attributes.optionRequired,
      })
      .max(LIMITS.attributeOptionsMax, ko.validation.textTooLong),
  })
  .transform((req, ctx) => {
    const { values, duplicate } = normalizeOptions(req.selectableValues);
    if (duplicate) {
      ctx.addIssue({ code: 'custom', path: ['selectableValues'], message: ko.attributes.optionDuplicated });
      return z.NEVER;
    }
    if (values.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['selectableValues'], message: ko.attributes.optionRequired });
      return z.NEVER;
    }
    return { name: req.name, selectableValues: values };
  });
export type AttributeDefRequest = z.infer<typeof AttributeDefRequest>;

export const ATTRIBUTE_SORT_FIELDS = ['name', 'createdAt'] as const;
export const AttributeDefListQuery = z.object({
  sortBy: optionalParam(z.enum(ATTRIBUTE_SORT_FIELDS)).transform((v) => v ?? 'name'),
  sortDirection: z
    .string()
    .max(20)
    .check(safeText)
    .optional()
    .transform((v) => (v === undefined || v === 'ASCENDING' ? 'ASCENDING' : 'DESCENDING')),
  keywordLike: SearchParam,
});
export type AttributeDefListQuery = z.infer<typeof AttributeDefListQuery>;

export const AttributeDefIdParams = z.object({ definitionId: Id });

/** Names of the attribute definition that holds a garment's colour (compared without case, spaces or dots). */
export const COLOUR_DEFINITION_NAMES = ['색상', '색', '색깔', '컬러', '칼라', 'color', 'colour'] as const;

const compactDefinitionName = (name: string) => name.toLowerCase().replace(/[\s\-_.·]/g, '');
const COLOUR_NAMES: ReadonlySet<string> = new Set(COLOUR_DEFINITION_NAMES.map(compactDefinitionName));

/**
 * The colour definition among `definitions` (the first by name when several qualify), or undefined: the photo
 * analysis names its colour there, and the bulk add's drafts name a garment by it ('네이비 코트').
 */
export function colourDefinitionOf<T extends { name: string }>(definitions: readonly T[]): T | undefined {
  return [...definitions]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .find((d) => COLOUR_NAMES.has(compactDefinitionName(d.name)));
}
