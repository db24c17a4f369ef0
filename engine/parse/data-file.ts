import type { z } from 'zod';
import type { SourceLocation } from '../issues/flow-issue.ts';
import { locate, locateOffset, parseYaml, type SourceDocument } from './parse-yaml.ts';

/**
 * YAML data tables outside the flows (the formulation's scoring, rules and catalogues) read with the
 * same care as a flow: parsed keeping positions, checked by a zod schema, and every problem reported
 * with its file:line:column and what was expected.
 */

/** One problem in a data file. */
export interface DataProblem {
  location: SourceLocation;
  message: string;
}

/** A parsed data file: its value when it is valid, every problem otherwise, and a way to point into it. */
export interface DataSource<T> {
  data?: T;
  problems: DataProblem[];
  /** The place of a path in the file (for checks made after the schema: a rule naming an unknown field). */
  at(path: readonly (string | number)[], atKey?: boolean): SourceLocation;
}

/**
 * Parses `text` (the contents of `file`, a path as it should be printed) and checks it with `schema`.
 * @example const { data, problems } = readDataSource(text, 'server/formulation/scoring/scoring.yaml', scoringSchema)
 */
export function readDataSource<T>(text: string, file: string, schema: z.ZodType<T>): DataSource<T> {
  const { source, data, issues } = parseYaml(text, file);
  const at = (path: readonly (string | number)[], atKey = false) => locate(source, path, atKey);
  if (issues.length > 0) {
    return { at, problems: issues.map((issue) => ({ location: syntaxLocation(source, issue.data), message: `YAML syntax: ${String(issue.data.detail)}.` })) };
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return { data: parsed.data, problems: [], at };
  return {
    at,
    problems: parsed.error.issues.map((issue) => ({
      // An unknown key is pointed at itself (the first of them), anything else at its value.
      location:
        issue.code === 'unrecognized_keys'
          ? locate(source, [...(issue.path as (string | number)[]), issue.keys[0]!], true)
          : locate(source, issue.path as (string | number)[]),
      message: issue.code === 'unrecognized_keys' ? unknownKeys(issue.keys) : issue.message,
    })),
  };
}

/** An unknown key with spaces in it is nearly always text cut at a comma inside `{ … }`: say so. */
function unknownKeys(keys: readonly PropertyKey[]): string {
  const text = `Unknown key(s): ${keys.map(String).join(', ')}.`;
  return keys.some((k) => String(k).includes(' ')) ? `${text} A comma inside { … } ends a value: put text with commas in quotes.` : text;
}

function syntaxLocation(source: SourceDocument, data: Record<string, unknown>): SourceLocation {
  return locateOffset(source, Number(data.offset ?? 0), Number(data.end ?? 0));
}

/** A problem as a line an editor can click: `file:line:column  message`. */
export function formatDataProblem(problem: DataProblem): string {
  const { file, line, column } = problem.location;
  return `${file}:${line}:${column}  ${problem.message}`;
}
