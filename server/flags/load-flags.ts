import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { didYouMean, readDataSource } from '#engine/compiler';
import { loadDataFile, type CompiledTable } from '../formulation/load-data-table';

/** A flag's value: on/off, or an A/B test's "0" or "1" (spec 001 §9 Feature flags). */
export type FlagValue = boolean | '0' | '1';
export type Flags = Readonly<Record<string, FlagValue>>;

const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const fileSchema = z.record(
  z.string(),
  z.union([z.boolean(), z.enum(['0', '1'])], { message: 'Expected true or false, or an A/B test\'s "0" or "1" in quotes.' }),
);

/** Checks the flags file's text: every name in lower-case-with-dashes, every value a flag's. Problems at file:line:column. */
export function compileFlags(text: string, file: string): CompiledTable<Flags> {
  const source = readDataSource(text, file, fileSchema);
  // Names are checked here, not by zod, so a bad one is pointed at itself rather than at its value.
  const names = Object.keys(source.data ?? {})
    .filter((name) => !NAME.test(name))
    .map((name) => ({ location: source.at([name], true), message: `Expected a flag name in lower-case-with-dashes, not "${name}".` }));
  const problems = [...source.problems, ...names];
  return source.data && problems.length === 0 ? { table: source.data, problems } : { problems };
}

/** The shop's flags file. */
export const FLAGS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'flags.yaml');

/** The defaults, read and checked once. */
export function loadFlags(file = FLAGS_FILE): Flags {
  return loadDataFile('flags file', file, compileFlags);
}

/**
 * The flags with an operator's FLAGS setting on top ("universal-cart=true,skip-by-product-ab-test=1"). A name the file
 * does not have, or a value of the wrong kind for the flag, is an error naming it (with a "did you mean"), so a typo
 * never passes for a flag left off.
 * @example withOverrides(loadFlags(), 'universal-cart=1') // { ..., 'universal-cart': true }
 */
export function withOverrides(flags: Flags, setting: string | undefined): Flags {
  if (!setting?.trim()) return flags;
  const result: Record<string, FlagValue> = { ...flags };
  const problems: string[] = [];
  for (const pair of setting
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name = '', raw = ''] = pair.split('=').map((p) => p.trim());
    const current = flags[name];
    if (current === undefined) {
      const guess = didYouMean(name, Object.keys(flags));
      problems.push(`FLAGS names an unknown flag "${name}".${guess ? ` Did you mean "${guess}"?` : ''}`);
      continue;
    }
    const value =
      typeof current === 'boolean'
        ? { true: true, '1': true, on: true, false: false, '0': false, off: false }[raw]
        : raw === '0' || raw === '1'
          ? raw
          : undefined;
    if (value === undefined) {
      problems.push(`FLAGS gives "${name}" the value "${raw}": expected ${typeof current === 'boolean' ? 'true or false (or 1 or 0)' : '0 or 1'}.`);
      continue;
    }
    result[name] = value;
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return result;
}
