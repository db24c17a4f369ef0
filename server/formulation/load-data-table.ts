import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatDataProblem, type DataProblem } from '#engine/compiler';

/** What a table's compiler returns: the table when the file is sound, and every problem found, file:line:column. */
export interface CompiledTable<T> {
  table?: T;
  problems: DataProblem[];
}

/**
 * The one way the formulation's YAML tables are loaded at start: read each file, compile it (a compiler takes the
 * text and the path to show in messages, relative to the working directory), and stop with every problem listed
 * when one is broken. The table compilers stay pure (text in, table or problems out), so tests and `npm run
 * flows:check`-style tools call them directly.
 * @example const table = loadDataTable('fragrances table', { main: file }, ({ main }) => compileFragrancesSource(main.text, main.file, known));
 */
export function loadDataTable<T, K extends string>(
  what: string,
  files: Record<K, string>,
  compile: (sources: Record<K, { text: string; file: string }>) => CompiledTable<T>,
): T {
  const { table, problems } = compile(readDataFiles(files));
  if (!table) throw new Error(`The ${what} has ${problems.length} problem(s):\n${problems.map(formatDataProblem).join('\n')}`);
  return table;
}

/** Reads each file, with the path to show in messages (relative to the working directory). */
export function readDataFiles<K extends string>(files: Record<K, string>): Record<K, { text: string; file: string }> {
  return Object.fromEntries(
    Object.entries<string>(files).map(([key, file]) => [key, { text: readFileSync(file, 'utf8'), file: path.relative(process.cwd(), file) }]),
  ) as Record<K, { text: string; file: string }>;
}

/** The same for a table kept in one file. */
export function loadDataFile<T>(what: string, file: string, compile: (text: string, file: string) => CompiledTable<T>): T {
  return loadDataTable(what, { file }, ({ file: source }) => compile(source.text, source.file));
}
