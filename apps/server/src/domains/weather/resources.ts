import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * apps/server/resources/kma/: this file sits at the same depth under src/ (tests, tsx) and dist/ (the built
 * server), so one relative URL finds the folder from both.
 */
const KMA_RESOURCES = new URL('../../../resources/kma/', import.meta.url);

/** Rows of a bundled CSV (UTF-8, one header row, no quoted fields), header first. */
export function readKmaCsv(name: string): string[][] {
  const text = readFileSync(fileURLToPath(new URL(name, KMA_RESOURCES)), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => line.replace(/\r$/, '').split(','));
}
