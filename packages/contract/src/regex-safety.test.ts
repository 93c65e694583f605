import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as contract from './index.js';
import { isSchema, walkSchema } from '../test/schema-walk.js';

const SRC = fileURLToPath(new URL('.', import.meta.url));

/** Every regular-expression literal written in the contract's source files (tests aside). */
function literalsInSource(): RegExp[] {
  const found: RegExp[] = [];
  for (const file of readdirSync(SRC).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = ts.createSourceFile(file, readFileSync(SRC + file, 'utf8'), ts.ScriptTarget.Latest);
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(source);
        const end = text.lastIndexOf('/');
        found.push(new RegExp(text.slice(1, end), text.slice(end + 1)));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** Every RegExp the contract exports or checks with: exported values and the patterns inside its schemas. */
function patternsAtRuntime(): RegExp[] {
  const found: RegExp[] = [];
  const take = (value: unknown) => {
    if (value instanceof RegExp) found.push(value);
  };
  for (const value of Object.values(contract)) {
    take(value);
    if (!isSchema(value)) continue;
    walkSchema(value, (schema) => {
      const def = schema._zod.def as unknown as { pattern?: unknown; checks?: { _zod: { def: object } }[] };
      take(def.pattern);
      for (const c of def.checks ?? []) take((c._zod.def as { pattern?: unknown }).pattern);
      for (const p of (schema._zod.bag as { patterns?: Set<unknown> }).patterns ?? []) take(p);
    });
  }
  return found;
}

function unique(patterns: RegExp[]): RegExp[] {
  const byKey = new Map(patterns.map((p) => [`/${p.source}/${p.flags}`, p]));
  return [...byKey.values()];
}

describe('regular expressions of the contract (ReDoS)', () => {
  const patterns = unique([...literalsInSource(), ...patternsAtRuntime()]);

  it('finds the patterns it must check', () => {
    const sources = patterns.map((p) => p.source);
    expect(sources).toContain(contract.EMAIL_PATTERN.source);
    expect(sources).toContain(contract.UNSAFE_TEXT_PATTERN.source);
    // A pattern zod brings (the uuid of `Id`) and one only used inside a function (DM topics).
    expect(
      patterns.some((p) => p.test('00000000-0000-4000-8000-000000000000') && p.source.includes('{8}')),
    ).toBe(true);
    expect(sources.some((s) => s.includes('{36}'))).toBe(true);
  });

  it('recheck calls the quadratic e-mail pattern of before vulnerable (the check below can fail)', async () => {
    const before = await check(String.raw`^[^\s@]+@[^\s@]+\.[^\s@]+$`, '');
    expect(before.status).toBe('vulnerable');
  }, 60_000);

  it('has no pattern that recheck finds vulnerable', async () => {
    const vulnerable: string[] = [];
    for (const pattern of patterns) {
      const result = await check(pattern.source, pattern.flags);
      if (result.status === 'vulnerable') vulnerable.push(`/${pattern.source}/${pattern.flags}`);
    }
    expect(vulnerable).toEqual([]);
  }, 120_000);
});
