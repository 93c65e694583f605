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
  /** Analyses admitted at once (decoding or waiting for a decode slot); more are refused with 503. */
  maxInFlight?: number;
}

/** Side of the copy the colour is read from: 4,096 pixels are plenty for one garment and cost almost nothing. */
export const ANALYSIS_SIDE = 64;

/**
 * Two decode at a time (the decode slots of lib/images, shared with uploads), six more wait: a bulk add of a few
 * dozen photos sent two or three at a time never sees a refusal, a flood does.
 */
const DEFAULT_MAX_IN_FLIGHT = 8;

/**
 * Photo analysis (docs/api.md §9.5): the garment's colour as an option of the 색상 definition, and the type and a
 * Korean name ('네이비 코트') when the file name holds a garment word. Nothing is stored.
 */
export function createAnalysisService({
  db,
  attributeDefsRepo,
  maxInFlight = DEFAULT_MAX_IN_FLIGHT,
}: AnalysisServiceDeps) {
  let inFlight = 0;
  return {
    async analyse(_actor: Actor, image: Buffer, fileName?: string): Promise<ClothesAnalysisDto> {
      if (inFlight >= maxInFlight)
        throw new AppError(
          503,
          'AnalysisBusyException',
          ko.clothes.analysis.busy,
          {},
          { 'retry-after': '1' },
        );
      inFlight++;
      let finding;
      try {
        finding = findGarmentColour(await readSmallRgba(image, ANALYSIS_SIDE));
      } finally {
        inFlight--;
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
