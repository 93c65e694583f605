import { ko, type ClothesAnalysisDto } from '@otboo/contract';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/errors.js';
import { readSmallRgba } from '../../../lib/images.js';
import type { AttributeDefsRepo } from '../attribute-defs.repo.js';
import { colourDefinitionOf } from './colour-names.js';
import { findGarmentColour, nearestColourOption } from './dominant-colour.js';
import { draftName, optionOfColourWord, readFileName } from './file-name.js';

export interface AnalysisServiceDeps {
  db: Db;
  attributeDefsRepo: AttributeDefsRepo;
  /** Analyses of one user admitted at once (decoding or waiting for their turn); more are refused with 429. */
  maxPerUser?: number;
  /** Analyses of everybody admitted at once; more are refused with 503. */
  maxInFlight?: number;
}

/** Side of the copy the colour is read from: 4,096 pixels are plenty for one garment and cost almost nothing. */
export const ANALYSIS_SIDE = 64;

/**
 * Decodes wait in lib/images' queue in each user's turn, so one user's analyses never hold another's back by more
 * than one job; what is admitted is bounded per user (the closet's bulk add sends three at a time and never sees a
 * refusal, a flood does) and, as a backstop against many accounts at once, for everybody: each admitted request
 * holds its photo (up to 10 MB) in memory while it waits.
 */
const DEFAULT_MAX_PER_USER = 4;
const DEFAULT_MAX_IN_FLIGHT = 64;

const busy = (status: 429 | 503) =>
  new AppError(status, 'AnalysisBusyException', ko.clothes.analysis.busy, {}, { 'retry-after': '1' });

/**
 * Photo analysis (docs/api.md §9.5): the garment's colour as an option of the 색상 definition, and the type and a
 * Korean name ('네이비 코트') when the file name holds a garment word. Nothing is stored.
 */
export function createAnalysisService({
  db,
  attributeDefsRepo,
  maxPerUser = DEFAULT_MAX_PER_USER,
  maxInFlight = DEFAULT_MAX_IN_FLIGHT,
}: AnalysisServiceDeps) {
  let inFlight = 0;
  const byUser = new Map<string, number>();
  return {
    async analyse(actor: Actor, image: Buffer, fileName?: string): Promise<ClothesAnalysisDto> {
      const mine = byUser.get(actor.userId) ?? 0;
      // The caller's own share first: it is their requests that are too many, not the server that is full.
      if (mine >= maxPerUser) throw busy(429);
      if (inFlight >= maxInFlight) throw busy(503);
      inFlight++;
      byUser.set(actor.userId, mine + 1);
      let finding;
      try {
        finding = findGarmentColour(await readSmallRgba(image, ANALYSIS_SIDE, actor.userId));
      } finally {
        inFlight--;
        const left = (byUser.get(actor.userId) ?? 1) - 1;
        if (left > 0) byUser.set(actor.userId, left);
        else byUser.delete(actor.userId);
      }
      const file = readFileName(fileName);
      const definitions = await attributeDefsRepo.list(db, { sortBy: 'name', sortDirection: 'ASCENDING' });
      const colour = colourDefinitionOf(definitions);
      // The photo's colour first; the file name's colour word only when the photo shows none (white on white).
      const value = colour
        ? (nearestColourOption(finding, colour.selectableValues) ??
          optionOfColourWord(file.colour, colour.selectableValues))
        : null;
      return {
        type: file.type,
        name: draftName(value, file.garment),
        attributes: colour && value ? [{ definitionId: colour.id, definitionName: colour.name, value }] : [],
      };
    },
  };
}
export type AnalysisService = ReturnType<typeof createAnalysisService>;
