import path from 'node:path';
import { z } from 'zod';
import { compileFactRule, readDataSource, type DataProblem, type Facts, type KnownFacts } from '#engine/compiler';
import { loadDataFile } from '../load-data-table.ts';
import { consultationCategories } from '#api';
import type { Category } from '#api';

/** scoring.yaml as written: per category, dimensions with a base and their rules. */
const ruleSchema = z.strictObject({
  when: z.unknown(),
  points: z.number().int('points are whole numbers').min(-100, 'points go from -100 to 100').max(100, 'points go from -100 to 100'),
  because: z.string().min(3, 'say why, in the shopper’s terms ("your hair feels dry")'),
});
const dimensionSchema = z.strictObject({
  label: z.string().min(1),
  base: z.number().int('the base is a whole number').min(0, 'the base goes from 0 to 100').max(100, 'the base goes from 0 to 100'),
  rules: z.array(ruleSchema).min(1),
});
const dimensionId = z.string().regex(/^[a-z][a-z0-9_]*$/, 'a dimension id is lowercase letters, digits and "_"');
export const scoringFileSchema = z.strictObject({
  haircare: z.record(dimensionId, dimensionSchema),
  skincare: z.record(dimensionId, dimensionSchema),
});

/** The categories scored: the consultations' (api/categories.ts). */
export type ScoringCategory = Category;

/** A rule ready to run. */
export interface ScoringRule {
  test: (facts: Facts) => boolean;
  points: number;
  because: string;
  /** Whether the rule reads the shopper's place (an aggressor) rather than only their answers. */
  source: 'answers' | 'place';
}

export interface ScoringDimension {
  id: string;
  label: string;
  base: number;
  rules: ScoringRule[];
}

export type ScoringTable = Record<ScoringCategory, ScoringDimension[]>;

const defaultFile = path.join(path.dirname(new URL(import.meta.url).pathname), 'scoring.yaml');

/**
 * Reads and checks the scoring table: the file's shape, then every rule, whose fields and values must be
 * ones the flows know (`known`, from the answer catalogue, plus the `aggressor.*` facts). Problems come
 * back with file:line:column; the table is returned only when there are none.
 */
export function compileScoringSource(text: string, file: string, known: KnownFacts): { table?: ScoringTable; problems: DataProblem[] } {
  const source = readDataSource(text, file, scoringFileSchema);
  if (!source.data) return { problems: source.problems };
  const problems: DataProblem[] = [];
  const table = {} as ScoringTable;
  for (const category of consultationCategories) {
    table[category] = Object.entries(source.data[category]).map(([id, dimension]) => ({
      id,
      label: dimension.label,
      base: dimension.base,
      rules: dimension.rules.flatMap((rule, index) => {
        const where = [category, id, 'rules', index, 'when'];
        const compiled = compileFactRule(rule.when, where, known);
        for (const problem of compiled.problems)
          problems.push({ location: source.at(problem.path.length > 0 ? problem.path : where, problem.atKey), message: problem.message });
        if (!compiled.test) return [];
        const reads: ScoringRule['source'] = JSON.stringify(rule.when).includes('"aggressor.') ? 'place' : 'answers';
        return [{ test: compiled.test, points: rule.points, because: rule.because, source: reads }];
      }),
    }));
  }
  return problems.length > 0 ? { problems } : { table, problems };
}

/** Loads server/formulation/scoring/scoring.yaml (or `file`); a broken table stops with every problem listed. */
export function loadScoringTable(known: KnownFacts, file = defaultFile): ScoringTable {
  return loadDataFile('scoring table', file, (text, shown) => compileScoringSource(text, shown, known));
}
