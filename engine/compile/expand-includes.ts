import type { FlowIssue, RawIssue } from '../issues/flow-issue.ts';
import { didYouMean } from '../issues/did-you-mean.ts';
import { locate, locateOffset, parseYaml, type SourceDocument } from '../parse/parse-yaml.ts';

type Path = (string | number)[];

/** Reads a file named relative to the project root (the path a flow's `include` resolves to); undefined when missing. */
export type ReadFlowFile = (file: string) => string | undefined;

/** Where one step of the expanded flow was written: its own document and path, and the include's `with` change (and where it is). */
interface StepOrigin {
  source: SourceDocument;
  path: Path;
  change?: { value: Record<string, unknown>; path: Path };
}

/** A `with` change applied to a fragment step: maps merge key by key, anything else (lists, text) replaces. */
function merge(base: Record<string, unknown>, change: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [key, value] of Object.entries(change)) out[key] = isRecord(value) && isRecord(base[key]) ? merge(base[key], value) : value;
  return out;
}

/** Whether `path` is inside what a change wrote (then a problem there belongs to the flow file, not the fragment). */
function written(change: unknown, path: readonly (string | number)[]): boolean {
  let node = change;
  for (const key of path) {
    if (!isRecord(node) || !(String(key) in node)) return false;
    node = node[String(key)];
    if (!isRecord(node)) return true;
  }
  return true;
}

/** A flow with its includes replaced by the fragments' steps, and how to point back into the files they came from. */
export interface ExpandedFlow {
  data: unknown;
  /** Every fragment read, by file. */
  fragments: SourceDocument[];
  /** Problems found while including, already placed in their files. */
  placed: FlowIssue[];
  /** The file and path of a path into the expanded flow. */
  resolve(path: readonly (string | number)[]): { source: SourceDocument; path: Path };
}

/** "flows/consultation" + "../fragments/x.yaml" -> "flows/fragments/x.yaml" (posix, no node:path so it runs anywhere). */
export function joinPath(dir: string, ref: string): string {
  const absolute = dir.startsWith('/');
  const parts: string[] = [];
  for (const part of [...dir.split('/'), ...ref.split('/')]) {
    if (!part || part === '.') continue;
    // ".." climbs a folder; above the start it is kept (a flows folder outside the project).
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else parts.push(part);
  }
  return `${absolute ? '/' : ''}${parts.join('/')}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Replaces each `- include: ../fragments/x.yaml` item of `steps` by the fragment's steps (all, or those
 * named under `steps:`, in that order), each changed by its entry under `with:` (maps merge, the rest replaces). Problems inside a
 * fragment are reported at the fragment's own file:line:column; problems in a `with` change at the flow's.
 * @example expandIncludes(data, source, (f) => readFileSync(f, 'utf8'))
 */
export function expandIncludes(data: unknown, source: SourceDocument, readFile: ReadFlowFile | undefined): ExpandedFlow {
  const placed: FlowIssue[] = [];
  // Problems of the include items themselves: their paths are into the flow as written, so they are placed now.
  const raw = {
    push(issue: RawIssue) {
      placed.push({ code: issue.code, location: locate(source, issue.path, issue.atKey), data: issue.data, severity: 'error' });
    },
  };
  const fragments = new Map<string, { source: SourceDocument; steps: unknown[] } | null>();
  const steps = isRecord(data) ? data.steps : undefined;
  const own = (path: Path): StepOrigin => ({ source, path });
  if (!Array.isArray(steps) || !steps.some((s) => isRecord(s) && 'include' in s)) {
    return { data, fragments: [], placed, resolve: (path) => ({ source, path: [...path] }) };
  }

  const load = (file: string, at: Path) => {
    if (fragments.has(file)) return fragments.get(file)!;
    const text = readFile?.(file);
    if (text === undefined) {
      raw.push({ code: 'include_not_found', path: at, data: { found: file } });
      fragments.set(file, null);
      return null;
    }
    const parsed = parseYaml(text, file);
    parsed.issues.forEach((i) =>
      placed.push({
        code: i.code,
        location: locateOffset(parsed.source, Number(i.data.offset), Number(i.data.end)),
        data: { detail: i.data.detail },
        severity: 'error',
      }),
    );
    const list = isRecord(parsed.data) ? parsed.data.steps : undefined;
    if (parsed.issues.length > 0 || !Array.isArray(list) || list.some((s) => isRecord(s) && 'include' in s)) {
      if (parsed.issues.length === 0)
        placed.push({ code: 'not_a_fragment', location: locate(parsed.source, ['steps']), data: { found: file }, severity: 'error' });
      fragments.set(file, null);
      return null;
    }
    const fragment = { source: parsed.source, steps: list };
    fragments.set(file, fragment);
    return fragment;
  };

  const dir = source.file.split('/').slice(0, -1).join('/');
  const expanded: unknown[] = [];
  const origins: StepOrigin[] = [];
  steps.forEach((item, i) => {
    if (!isRecord(item) || !('include' in item)) {
      expanded.push(item);
      origins.push(own(['steps', i]));
      return;
    }
    const ref = item.include;
    const unknownKeys = Object.keys(item).filter((k) => !['include', 'steps', 'with'].includes(k));
    unknownKeys.forEach((k) =>
      raw.push({ code: 'unknown_key', path: ['steps', i, k], atKey: true, data: { found: k, where: 'in an include', expected: ['include', 'steps', 'with'] } }),
    );
    if (typeof ref !== 'string' || !/\.ya?ml$/.test(ref)) {
      raw.push({
        code: 'invalid_format',
        path: ['steps', i, 'include'],
        data: { what: 'The include', detail: 'a .yaml file relative to this one, like ../fragments/lifestyle.yaml' },
      });
      return;
    }
    const fragment = load(joinPath(dir, ref), ['steps', i, 'include']);
    if (!fragment) return;
    const names = fragment.steps.map((s) => (isRecord(s) && typeof s.name === 'string' ? s.name : ''));
    const wanted = Array.isArray(item.steps) ? item.steps : names;
    const changes = isRecord(item.with) ? item.with : {};
    for (const name of Object.keys(changes)) {
      if (!wanted.includes(name)) {
        const candidates = wanted.map(String).filter((n) => names.includes(n));
        raw.push({
          code: 'unknown_step',
          path: ['steps', i, 'with', name],
          atKey: true,
          data: { found: name, expected: candidates, suggestion: didYouMean(name, candidates) },
        });
      }
    }
    wanted.forEach((name, k) => {
      const j = names.indexOf(String(name));
      if (j === -1) {
        raw.push({
          code: 'unknown_step',
          path: ['steps', i, 'steps', k],
          data: { found: String(name), expected: names, suggestion: didYouMean(String(name), names) },
        });
        return;
      }
      const change = isRecord(changes[names[j]!]) ? (changes[names[j]!] as Record<string, unknown>) : {};
      expanded.push(merge(fragment.steps[j] as Record<string, unknown>, change));
      origins.push({ source: fragment.source, path: ['steps', j], change: { value: change, path: ['steps', i, 'with', names[j]!] } });
    });
  });

  return {
    data: { ...(data as Record<string, unknown>), steps: expanded },
    fragments: [...fragments.values()].flatMap((f) => (f ? [f.source] : [])),
    placed,
    resolve(path) {
      if (path[0] !== 'steps' || typeof path[1] !== 'number' || !origins[path[1]]) return { source, path: [...path] };
      const origin = origins[path[1]]!;
      const rest = path.slice(2);
      if (origin.change && rest.length > 0 && written(origin.change.value, rest)) return { source, path: [...origin.change.path, ...rest] };
      return { source: origin.source, path: [...origin.path, ...rest] };
    },
  };
}
