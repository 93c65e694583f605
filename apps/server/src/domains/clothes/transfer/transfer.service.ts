import { randomUUID } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ko, LIMITS, type ClothesImportResultDto } from '@otboo/contract';
import type { Storage } from '../../../adapters/storage/storage.js';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError, badRequest, payloadTooLarge } from '../../../lib/errors.js';
import { acceptImportedImage, declaredPixels } from '../../../lib/images.js';
import type { UploadedTempFile } from '../../../lib/upload-file.js';
import { looksLikeZip, openZip, ZipError, type ZipEntry, type ZipReader } from '../../../lib/zip-reader.js';
import { zipStream, type ZipInputEntry } from '../../../lib/zip-writer.js';
import type { AttributeDefsRepo } from '../attribute-defs.repo.js';
import { CLOTHES_IMAGE_MAX_SIDE, CLOTHES_THUMBNAIL_SIDE } from '../clothes.images.js';
import { seasonsOf } from '../clothes.mapper.js';
import {
  CsvError,
  exportHeader,
  exportRow,
  isBlankRecord,
  readCsv,
  readHeader,
  readRow,
  writeCsv,
  type CsvDefinition,
  type ImportDraft,
} from './closet-csv.js';
import type { ImportedGarment, TransferRepo } from './transfer.repo.js';

export interface TransferServiceDeps {
  db: Db;
  repo: TransferRepo;
  attributeDefsRepo: AttributeDefsRepo;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Temporary disk all imports in flight may hold together (IMPORT_TEMP_DISK_MB). */
  tempDiskBytes: number;
}

const CSV_NAME = 'clothes.csv';
const JSON_NAME = 'clothes.json';
/** Every row with its photo, the CSV, the JSON and a few stray files (a `__MACOSX` folder, a README). */
const MAX_ZIP_ENTRIES = 2 * LIMITS.clothesImportMaxRows + 50;
/** Photos read and decoded at once during an import: its decodes take their turns in lib/images' queue anyway. */
const PHOTO_WORKERS = 2;
/** A second import of the same user is asked to come back after this long (an import takes seconds to minutes). */
const IN_PROGRESS_RETRY_SECONDS = 10;
/** Imports waiting for temporary disk come back after this long. */
const BUSY_RETRY_SECONDS = 30;

const fileError = (message: string) => badRequest(message, { file: message }, 'InvalidImportException');

/** CSV bytes as text: UTF-8 (with or without BOM), else CP949, which Korean Excel writes for "CSV (쉼표로 분리)". */
function decodeCsv(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      return new TextDecoder('euc-kr', { fatal: true }).decode(bytes);
    } catch {
      throw fileError(ko.clothes.transfer.csvEncoding);
    }
  }
}

/** The first bytes of a file, to tell a ZIP from a CSV. */
async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A photo path as a row writes it, resolved inside the archive next to the CSV (`./`, `\` and `/` tolerated). */
function photoPath(base: string, written: string): string {
  const relative = written.replace(/\\/g, '/').replace(/^(\.\/|\/)+/, '');
  return base ? `${base}/${relative}` : relative;
}

/** Runs `work` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      for (let item = items[next++]; item !== undefined; item = items[next++]) await work(item);
    }),
  );
}

/**
 * Export and import of a whole closet (docs/api.md §9.7). The export streams a ZIP: the stored photo bytes under
 * `photos/`, then `clothes.csv` (UTF-8 with BOM, formula-like cells escaped) and `clothes.json`. The import reads
 * that ZIP (or the CSV alone) from a temporary file and creates the rows it can for the caller, reporting the
 * others by spreadsheet row; photos are checked like uploads, and a photo already in the form this server stores
 * is kept byte for byte, so exporting again gives the same photo files. A photo is decoded once however many rows
 * name it, and an import's photo rows and pixels are budgeted before any is decoded.
 */
export function createTransferService({
  db,
  repo,
  attributeDefsRepo,
  storage,
  log,
  tempDiskBytes,
}: TransferServiceDeps) {
  const definitionsNow = async (): Promise<CsvDefinition[]> =>
    attributeDefsRepo.list(db, { sortBy: 'name', sortDirection: 'ASCENDING' });
  // Imports in flight on this instance: whose, and the temporary disk they may fill.
  const importing = new Set<string>();
  let reservedBytes = 0;

  return {
    /**
     * Lets an import start before its upload is read: one per user at a time (429), and the temporary disk of all
     * imports in flight within `tempDiskBytes` (503), each counted at its request's Content-Length (which the
     * HTTP parser holds the body to), or at the upload limit when the body is chunked. Returns the release.
     */
    admitImport(actor: Actor, contentLength: number | undefined): () => void {
      if (importing.has(actor.userId))
        throw new AppError(
          429,
          'ImportInProgressException',
          ko.clothes.transfer.inProgress,
          {},
          {
            'retry-after': String(IN_PROGRESS_RETRY_SECONDS),
          },
        );
      const bytes = Math.min(contentLength ?? Infinity, LIMITS.clothesImportMaxBytes);
      if (reservedBytes + bytes > tempDiskBytes)
        throw new AppError(
          503,
          'ImportBusyException',
          ko.clothes.transfer.busy,
          {},
          {
            'retry-after': String(BUSY_RETRY_SECONDS),
          },
        );
      importing.add(actor.userId);
      reservedBytes += bytes;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        importing.delete(actor.userId);
        reservedBytes -= bytes;
      };
    },

    /** The caller's closet as a ZIP stream; the closet is read before the first byte, so a failure is an error answer. */
    async exportCloset(actor: Actor): Promise<{ fileName: string; archive: Readable }> {
      const definitions = await definitionsNow();
      const garments = await repo.closetForExport(db, actor.userId);
      const exportedAt = new Date();
      async function* entries(): AsyncGenerator<ZipInputEntry> {
        // Photos first: the CSV then names exactly the photos the archive holds (a missing object is left out).
        const photos = new Map<string, string>();
        for (const g of garments) {
          if (!g.imageKey) continue;
          const object = await storage.get(g.imageKey);
          if (!object) {
            log.warn({ key: g.imageKey, clothesId: g.id }, 'export: stored photo missing');
            continue;
          }
          const name = `photos/${g.id}${path.extname(g.imageKey)}`;
          photos.set(g.id, name);
          yield { name, data: object.body };
        }
        const csv = writeCsv([
          exportHeader(definitions),
          ...garments.map((g) => exportRow(g, definitions, photos.get(g.id) ?? null)),
        ]);
        yield { name: CSV_NAME, data: Buffer.from(csv, 'utf8'), compress: true };
        const json = {
          exportedAt: exportedAt.toISOString(),
          definitions: definitions.map((d) => ({
            id: d.id,
            name: d.name,
            selectableValues: d.selectableValues,
          })),
          clothes: garments.map((g) => ({
            id: g.id,
            name: g.name,
            type: g.type,
            attributes: g.attributes.map((a) => ({ definitionName: a.definitionName, value: a.value })),
            seasons: seasonsOf(
              g.attributes,
              new Map(g.attributes.map((a) => [a.definitionId, a.values ?? [a.value]])),
            ),
            brand: g.brand,
            size: g.size,
            notes: g.notes,
            purchase: g.purchasePrice === null ? null : { price: g.purchasePrice, date: g.purchaseDate },
            photo: photos.get(g.id) ?? null,
            createdAt: new Date(g.createdAt).toISOString(),
          })),
        };
        yield { name: JSON_NAME, data: Buffer.from(JSON.stringify(json, null, 2), 'utf8'), compress: true };
      }
      const day = exportedAt.toISOString().slice(0, 10).replace(/-/g, '');
      return { fileName: `otboo-closet-${day}.zip`, archive: zipStream(entries(), exportedAt) };
    },

    /** Creates the garments of an uploaded ZIP or CSV for the caller; see the service comment. */
    async importCloset(actor: Actor, upload: UploadedTempFile): Promise<ClothesImportResultDto> {
      const stored: string[] = [];
      let zip: ZipReader | null = null;
      try {
        // The CSV, and the archive's files when it is a ZIP.
        let csvBytes: Buffer;
        // The archive's photos by path, and the folder of its CSV (rows name photos relative to it).
        let photos: { zip: ZipReader; files: Map<string, ZipEntry>; base: string } | null = null;
        if (looksLikeZip(await readHead(upload.path))) {
          try {
            zip = await openZip(upload.path, MAX_ZIP_ENTRIES);
          } catch (err) {
            if (err instanceof ZipError && err.reason === 'too-large')
              throw fileError(ko.clothes.transfer.tooManyRows(LIMITS.clothesImportMaxRows));
            throw fileError(ko.clothes.transfer.zipInvalid);
          }
          const visible = zip.files.filter((e) => !e.name.startsWith('__MACOSX/'));
          const csvEntry =
            visible.find((e) => e.name === CSV_NAME) ??
            visible.find((e) => e.name.endsWith(`/${CSV_NAME}`)) ??
            (visible.filter((e) => e.name.toLowerCase().endsWith('.csv')).length === 1
              ? visible.find((e) => e.name.toLowerCase().endsWith('.csv'))
              : undefined);
          if (!csvEntry) throw fileError(ko.clothes.transfer.zipNoCsv);
          const base = path.posix.dirname(csvEntry.name) === '.' ? '' : path.posix.dirname(csvEntry.name);
          try {
            csvBytes = await zip.read(csvEntry, LIMITS.clothesImportCsvMaxBytes);
          } catch (err) {
            if (err instanceof ZipError && err.reason === 'too-large')
              throw payloadTooLarge(ko.clothes.transfer.fileTooLarge);
            throw fileError(ko.clothes.transfer.zipInvalid);
          }
          const files = new Map(
            visible.filter((e) => e !== csvEntry && !e.name.endsWith(JSON_NAME)).map((e) => [e.name, e]),
          );
          // A ZIP without any photo creates the garments without them, like a CSV alone.
          if (files.size > 0) photos = { zip, files, base };
        } else {
          if (upload.size > LIMITS.clothesImportCsvMaxBytes)
            throw payloadTooLarge(ko.clothes.transfer.fileTooLarge);
          csvBytes = await readFile(upload.path);
          if (csvBytes.includes(0)) throw fileError(ko.clothes.transfer.notCsvOrZip);
        }

        // Rows → drafts or errors.
        let records: string[][];
        try {
          records = readCsv(decodeCsv(csvBytes));
        } catch (err) {
          if (err instanceof CsvError) throw fileError(ko.clothes.transfer.csvInvalid);
          throw err;
        }
        const [header, ...rest] = records;
        if (!header || isBlankRecord(header)) throw fileError(ko.clothes.transfer.csvEmpty);
        const columns = readHeader(header, await definitionsNow());
        const rows = rest.map((cells, i) => ({ cells, row: i + 2 })).filter((r) => !isBlankRecord(r.cells));
        if (rows.length === 0) throw fileError(ko.clothes.transfer.csvEmpty);
        if (rows.length > LIMITS.clothesImportMaxRows)
          throw fileError(ko.clothes.transfer.tooManyRows(LIMITS.clothesImportMaxRows));
        const errors: ClothesImportResultDto['errors'] = [];
        const drafts: ImportDraft[] = [];
        for (const { cells, row } of rows) {
          const read = readRow(cells, row, columns);
          if ('draft' in read) drafts.push(read.draft);
          else for (const message of read.errors) errors.push({ row, message });
        }

        // Photos, checked like uploads. A CSV alone, or a ZIP without any photo, creates garments without them.
        const ready: (ImportedGarment & { row: number })[] = [];
        const images = new Map<ImportDraft, { imageKey: string; thumbnailKey: string }>();
        const failed = new Set<ImportDraft>();
        const fail = (draft: ImportDraft, message: (file: string) => string) => {
          errors.push({ row: draft.row, message: message(draft.photo ?? '') });
          failed.add(draft);
        };
        // The rows by the archive file they name: each photo is read and decoded once however many rows use it.
        const uses = new Map<ZipEntry, ImportDraft[]>();
        const archive = photos;
        if (archive)
          for (const draft of drafts.filter((d) => d.photo)) {
            const entry = archive.files.get(photoPath(archive.base, draft.photo ?? ''));
            if (!entry) fail(draft, ko.clothes.transfer.rowPhotoMissing);
            else uses.set(entry, [...(uses.get(entry) ?? []), draft]);
          }
        if (archive && uses.size > 0) {
          const readPhoto = async (entry: ZipEntry): Promise<Buffer | null> => {
            try {
              return await archive.zip.read(entry, LIMITS.clothesImageMaxBytes);
            } catch (err) {
              const tooLarge = err instanceof ZipError && err.reason === 'too-large';
              for (const draft of uses.get(entry) ?? [])
                fail(
                  draft,
                  tooLarge ? ko.clothes.transfer.rowPhotoTooLarge : ko.clothes.transfer.rowPhotoInvalid,
                );
              return null;
            }
          };
          // The budget, from the photos' headers before anything is decoded or stored (docs/security.md).
          const photoRows = [...uses.values()].reduce((n, rows) => n + rows.length, 0);
          if (photoRows > LIMITS.clothesImportMaxPhotoRows)
            throw payloadTooLarge(ko.clothes.transfer.tooManyPhotoRows(LIMITS.clothesImportMaxPhotoRows));
          let pixels = 0;
          const unreadable = new Set<ZipEntry>();
          await eachLimited([...uses.keys()], PHOTO_WORKERS, async (entry) => {
            const bytes = await readPhoto(entry);
            if (!bytes) return void unreadable.add(entry);
            // Read first: `pixels += await …` would add to the value from before the wait.
            const count = (await declaredPixels(bytes)) ?? 0;
            pixels += count;
          });
          if (pixels > LIMITS.clothesImportMaxPixels)
            throw payloadTooLarge(ko.clothes.transfer.tooManyPixels(LIMITS.clothesImportMaxPixels));

          const entries = [...uses.keys()].filter((e) => !unreadable.has(e));
          await eachLimited(entries, PHOTO_WORKERS, async (entry) => {
            const rows = uses.get(entry) ?? [];
            const bytes = await readPhoto(entry);
            if (!bytes) return;
            let accepted;
            try {
              accepted = await acceptImportedImage(bytes, {
                owner: actor.userId,
                maxSide: CLOTHES_IMAGE_MAX_SIDE,
                thumbnailSide: CLOTHES_THUMBNAIL_SIDE,
              });
            } catch (err) {
              if (!(err instanceof AppError)) throw err;
              const tooLarge = err.statusCode === 413;
              for (const draft of rows)
                fail(
                  draft,
                  tooLarge ? ko.clothes.transfer.rowPhotoTooLarge : ko.clothes.transfer.rowPhotoInvalid,
                );
              return;
            }
            // Every garment gets its own copy: deleting or replacing one garment's photo leaves the others'.
            for (const draft of rows) {
              const id = randomUUID();
              const keys = { imageKey: `clothes/${id}.webp`, thumbnailKey: `clothes/${id}-thumb.webp` };
              stored.push(keys.imageKey, keys.thumbnailKey);
              await storage.put(keys.imageKey, accepted.image, 'image/webp');
              await storage.put(keys.thumbnailKey, accepted.thumbnail ?? accepted.image, 'image/webp');
              images.set(draft, keys);
            }
          });
        }
        for (const d of drafts) {
          if (failed.has(d)) continue;
          const keys = images.get(d);
          ready.push({
            row: d.row,
            name: d.name,
            type: d.type,
            attributes: d.attributes,
            seasons: d.seasons,
            brand: d.brand,
            size: d.size,
            notes: d.notes,
            purchase: d.purchase,
            imageKey: keys?.imageKey ?? null,
            thumbnailKey: keys?.thumbnailKey ?? null,
          });
        }

        // Created together; the definitions are held (FOR SHARE) and the values checked again, so an option an
        // administrator removed meanwhile is reported instead of stored.
        const created = await db.transaction(async (tx) => {
          const ids = [...new Set(ready.flatMap((g) => g.attributes.map((a) => a.definitionId)))];
          const held = new Map((await attributeDefsRepo.findByIds(tx, ids, 'share')).map((d) => [d.id, d]));
          const valid = ready.filter((g) => {
            const bad = [
              ...g.attributes,
              ...(g.seasons?.values.map((value) => ({
                definitionId: g.seasons?.definitionId ?? '',
                value,
              })) ?? []),
            ].find((a) => !held.get(a.definitionId)?.selectableValues.includes(a.value));
            if (bad) {
              const name = held.get(bad.definitionId)?.name ?? '';
              errors.push({ row: g.row, message: ko.clothes.transfer.rowValueUnknown(name, bad.value) });
            }
            return !bad;
          });
          await repo.insertImported(tx, actor.userId, valid);
          return valid;
        });
        const kept = new Set(created.flatMap((g) => [g.imageKey, g.thumbnailKey]));
        const orphans = stored.filter((k) => !kept.has(k));
        if (orphans.length)
          await storage.delete(orphans).catch((err) => log.warn({ err }, 'import: cleanup failed'));
        errors.sort((a, b) => a.row - b.row);
        return { created: created.length, errors };
      } catch (err) {
        if (stored.length)
          await storage.delete(stored).catch((e) => log.warn({ err: e }, 'import: cleanup failed'));
        throw err;
      } finally {
        zip?.close();
      }
    },
  };
}
export type TransferService = ReturnType<typeof createTransferService>;
