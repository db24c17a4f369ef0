import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { didYouMean, readDataSource } from '#engine/compiler';
import { loadDataFile, type CompiledTable } from '../formulation/load-data-table';

/**
 * A flag's value: on/off, or an A/B test's "0" or "1" (spec 001 §9 Feature flags); a flow's flag (flow-flags.yaml) may
 * also name a variant's option or hold a number.
 */
export type FlagValue = boolean | '0' | '1' | string | number;
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

const FLOW_FLAG_NAME = /^[a-z0-9]+(_[a-z0-9]+)*$/;
const OPTION_MESSAGE = 'Expected true or false, a number, or an option in lower-case-with-dashes (such as before-first-private).';
const flowFileSchema = z.record(
  z.string(),
  z.union([z.boolean(), z.number(), z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, OPTION_MESSAGE)], {
    message: OPTION_MESSAGE,
  }),
);

/** Checks the flows' flags file: names in lower_snake_case as the flows write them, values a word, a number or on/off. */
export function compileFlowFlags(text: string, file: string): CompiledTable<Flags> {
  const source = readDataSource(text, file, flowFileSchema);
  const names = Object.keys(source.data ?? {})
    .filter((name) => !FLOW_FLAG_NAME.test(name))
    .map((name) => ({ location: source.at([name], true), message: `Expected a flow flag name in lower_snake_case, as the flows write it, not "${name}".` }));
  const problems = [...source.problems, ...names];
  return source.data && problems.length === 0 ? { table: source.data, problems } : { problems };
}

/** The flows' flags file (the consultations' variant flags and the flags their rules read). */
export const FLOW_FLAGS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'flow-flags.yaml');

/** Every flag GET /flags serves: the shop's (flags.yaml) and the flows' (flow-flags.yaml). */
export function loadAllFlags(file = FLAGS_FILE, flowFile = FLOW_FLAGS_FILE): Flags {
  return { ...loadFlags(file), ...loadDataFile('flow flags file', flowFile, compileFlowFlags) };
}

/**
 * The flows' variant flags whose value is not one of the variant's options (each a sentence naming the flag, its
 * value and the options), so a start with `FLAGS=signin_placement=frist` stops instead of running the default.
 */
export function variantFlagProblems(flags: Flags, variants: ReadonlyMap<string, readonly string[]>): string[] {
  const problems: string[] = [];
  for (const [flag, options] of variants) {
    const value = flags[flag];
    if (value !== undefined && !options.includes(String(value)))
      problems.push(`The flag "${flag}" is "${String(value)}", which is none of its variant’s options: ${options.join(', ')}.`);
  }
  return problems;
}

/** The flag names a FLAGS setting gives a value ("universal-cart=1, skip-by-product-ab-test=0" -> both names). */
export function flagNamesIn(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter(Boolean);
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
    const kind = typeof current === 'boolean' ? 'boolean' : typeof current === 'number' ? 'number' : current === '0' || current === '1' ? 'ab' : 'word';
    const value =
      kind === 'boolean'
        ? { true: true, '1': true, on: true, false: false, '0': false, off: false }[raw]
        : kind === 'number'
          ? raw !== '' && Number.isFinite(Number(raw))
            ? Number(raw)
            : undefined
          : kind === 'ab'
            ? raw === '0' || raw === '1'
              ? raw
              : undefined
            : /^[a-z0-9]+(-[a-z0-9]+)*$/.test(raw)
              ? raw
              : undefined;
    if (value === undefined) {
      const expected = { boolean: 'true or false (or 1 or 0)', number: 'a number', ab: '0 or 1', word: 'an option in lower-case-with-dashes' }[kind];
      problems.push(`FLAGS gives "${name}" the value "${raw}": expected ${expected}.`);
      continue;
    }
    result[name] = value;
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return result;
}
