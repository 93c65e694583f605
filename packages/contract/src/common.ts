import { z } from 'zod';
import { safeText } from './safe-text.js';
import { ko } from './texts.ko.js';

/** Lower-case UUID string; the contract's id type everywhere. */
export const Id = z.uuid({ message: ko.common.invalidId }).transform((v) => v.toLowerCase());

/** ISO-8601 UTC timestamp as the server sends it. */
export const Instant = z.string();

export const ROLES = ['USER', 'ADMIN'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
export const Gender = z.enum(GENDERS);
export type Gender = z.infer<typeof Gender>;

export const OAUTH_PROVIDERS = ['google', 'kakao'] as const;
export const OAuthProvider = z.enum(OAUTH_PROVIDERS);
export type OAuthProvider = z.infer<typeof OAuthProvider>;

export const SORT_DIRECTIONS = ['ASCENDING', 'DESCENDING'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** docs/api.md §1: `ASCENDING`, and any other value means descending. */
export const SortDirectionParam = z
  .string()
  .max(20)
  .check(safeText)
  .optional()
  .transform((v): SortDirection => (v === 'ASCENDING' ? 'ASCENDING' : 'DESCENDING'));

/** Shared limits, in one place for server and web. */
export const LIMITS = {
  pageDefault: 20,
  pageMax: 100,
  cursorMaxLength: 200,
  searchMaxLength: 100,
  emailMaxLength: 254,
  passwordMaxLength: 128,
  nameMin: 2,
  nameMax: 20,
  passwordMin: 6,
  profileImageMaxBytes: 5 * 1024 * 1024,
  clothesImageMaxBytes: 10 * 1024 * 1024,
  clothesNameMax: 100,
  clothesAttributesMax: 30,
  /** Ours (docs/api.md §9.8): a garment's brand, size and notes. */
  clothesBrandMax: 50,
  clothesSizeMax: 20,
  clothesNotesMax: 500,
  /** Ours (docs/api.md §10): a garment's purchase price, in won. */
  clothesPriceMax: 100_000_000,
  /** OOTDs the garment page's wear call lists (newest first; its count covers all of them). */
  clothesWearFeedsDefault: 12,
  clothesWearFeedsMax: 50,
  /** Garments one batch edit may change (docs/api.md §9.6). */
  clothesBatchMax: 100,
  /** Photos one bulk add holds at once ('여러 벌 한번에 추가'); each becomes its own POST /api/clothes. */
  clothesBulkAddMax: 30,
  /** Rows one closet import may create; a larger file is refused whole (docs/api.md §9.7). */
  clothesImportMaxRows: 2000,
  /** An import upload: the exported ZIP with its photos, or a CSV alone. */
  clothesImportMaxBytes: 1024 * 1024 * 1024,
  clothesImportCsvMaxBytes: 10 * 1024 * 1024,
  /**
   * One import's decode budget (docs/security.md, "Image work"): rows with a photo, and the pixels of its distinct
   * photos together (8 billion: ~660 12-megapixel or ~330 24-megapixel phone photos; a 1,000-photo export of
   * ours, at most 1,600 px a side, is 2.6 billion).
   */
  clothesImportMaxPhotoRows: 1000,
  clothesImportMaxPixels: 8_000_000_000,
  /** Entries listed in each of the closet report's `wear` and `neverWorn` (their totals are counted apart). */
  closetInsightsListMax: 100,
  attributeNameMax: 50,
  attributeOptionMax: 50,
  attributeOptionsMax: 50,
  feedContentMax: 1000,
  feedClothesMax: 20,
  commentMax: 1000,
  messageMax: 1000,
  temperatureSensitivityMin: 0,
  temperatureSensitivityMax: 5,
  temperatureSensitivityDefault: 2.5,
  temporaryPasswordSeconds: 180,
  urlMaxLength: 2048,
  /** Body of a sign-in, sign-up or other unauthenticated auth call: far above any real form, far below 1 MB. */
  authBodyMaxBytes: 16 * 1024,
} as const;

/** Body of every non-2xx answer (docs/api.md §1). */
export const ErrorBody = z.object({
  exceptionName: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.string()),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Empty query values (`?keywordLike=`) mean "no filter", as browsers and axios send them. */
export function optionalParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
}

/** Today's calendar date in Asia/Seoul (`YYYY-MM-DD`): UTC+9 all year, so a fixed offset is exact. */
export function seoulToday(now: number = Date.now()): string {
  return new Date(now + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** A real calendar date `YYYY-MM-DD` (docs/api.md §10), refused with `message` otherwise. */
export const LocalDate = (message: string) =>
  z
    .string({ message })
    .max(10, { message, abort: true })
    .check(safeText)
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && d.getUTCFullYear() >= 1900;
    }, message);

/** `true`/`false` query flag. */
export const BooleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Paging parameters shared by every cursor list (docs/api.md §2). */
export const PageQuery = z.object({
  limit: optionalParam(z.coerce.number().int().min(1).max(LIMITS.pageMax)).transform(
    (v) => v ?? LIMITS.pageDefault,
  ),
  cursor: optionalParam(z.string().max(LIMITS.cursorMaxLength).check(safeText)),
  idAfter: optionalParam(Id),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** A free-text search parameter (`keywordLike`, `emailLike`, `nameLike`): optional, bounded, safe text. */
export const SearchParam = optionalParam(z.string().max(LIMITS.searchMaxLength).check(safeText));

/** Builds the cursor page shape of docs/api.md §2 around an item schema. */
export function cursorPage<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    nextCursor: z.string().nullable(),
    nextIdAfter: z.string().nullable(),
    hasNext: z.boolean(),
    totalCount: z.number().int(),
    sortBy: z.string(),
    sortDirection: z.string(),
  });
}
export interface CursorPage<T> {
  data: T[];
  nextCursor: string | null;
  nextIdAfter: string | null;
  hasNext: boolean;
  totalCount: number;
  sortBy: string;
  sortDirection: string;
}

/** Someone as other users see them. */
export const UserSummary = z.object({
  userId: z.string(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type UserSummary = z.infer<typeof UserSummary>;
