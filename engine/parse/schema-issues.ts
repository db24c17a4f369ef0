import type { z } from 'zod';
import type { RawIssue } from '../issues/flow-issue.ts';
import { didYouMean } from '../issues/did-you-mean.ts';

type Path = (string | number)[];
type AnySchema = z.core.$ZodType;
type ZodIssue = z.core.$ZodIssue;

/** Turns zod's issues into the compiler's, with the keys that were expected and a "did you mean". */
export function schemaIssues(schema: AnySchema, issues: readonly ZodIssue[], data: unknown, base: Path = []): RawIssue[] {
  const out: RawIssue[] = [];
  for (const issue of issues) {
    const path = [...base, ...(issue.path as Path)];
    // Rules are checked by normalizeRule, which knows their grammar and explains it better.
    if (path.includes('when')) continue;
    out.push(...convert(schema, issue, path, data));
  }
  return out;
}

function convert(schema: AnySchema, issue: ZodIssue, path: Path, data: unknown): RawIssue[] {
  const what = describePath(path, data);
  switch (issue.code) {
    case 'invalid_union': {
      if ('discriminator' in issue && issue.discriminator) {
        const options = (issue as { options?: unknown[] }).options?.map(String) ?? [];
        const found = String(valueAt(data, path) ?? '');
        return [{ code: 'unknown_kind', path, data: { found, expected: options, suggestion: didYouMean(found, options) } }];
      }
      const branches = issue.errors.filter((b) => b.length > 0);
      if (branches.length === 0) return [{ code: 'invalid_value', path, data: { what } }];
      // The branch that got furthest into the value is the one the editor meant.
      const best = branches.reduce((a, b) => (depth(b) > depth(a) ? b : a));
      return schemaIssues(schema, best, data, path);
    }
    case 'unrecognized_keys': {
      const known = knownKeys(schema, path, data);
      return issue.keys.map((key) => ({
        code: 'unknown_key' as const,
        path: [...path, key],
        atKey: true,
        data: {
          found: key,
          where: `in ${describePath(path, data) ?? 'the flow'}`,
          expected: known,
          suggestion: didYouMean(key, known),
          // A comma inside { ... } ends the value: "label: Oily, dry" reads as a key "dry".
          hint: /\s/.test(key) ? 'Text with a comma inside { } must be in quotes, e.g. label: "Oily at the roots, dry at the ends".' : undefined,
        },
      }));
    }
    case 'invalid_type': {
      const found = valueAt(data, path);
      if (found === undefined) {
        const key = String(path[path.length - 1]);
        return [{ code: 'missing_key', path: path.slice(0, -1), data: { key, where: describePath(path.slice(0, -1), data) ?? 'The flow' } }];
      }
      return [{ code: 'invalid_type', path, data: { what, expected: [String(issue.expected)], found: typeName(found) } }];
    }
    case 'invalid_value':
      return [
        {
          code: 'invalid_value',
          path,
          data: {
            what,
            expected: issue.values.map(String),
            found: String(valueAt(data, path)),
            suggestion: didYouMean(String(valueAt(data, path)), issue.values.map(String)),
          },
        },
      ];
    case 'invalid_format':
      return [{ code: 'invalid_format', path, data: { what, detail: issue.message, found: String(valueAt(data, path)) } }];
    case 'too_small':
      return [{ code: 'too_small', path, data: { what, minimum: Number(issue.minimum) } }];
    default:
      return [{ code: 'invalid_value', path, data: { what, detail: issue.message } }];
  }
}

const depth = (branch: readonly ZodIssue[]) => Math.max(...branch.map((i) => i.path.length));

function valueAt(data: unknown, path: Path): unknown {
  let value = data;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** "step "length"", "option 2 of step "length"", "routes", ... for messages. */
export function describePath(path: Path, data: unknown): string | undefined {
  if (path.length === 0) return undefined;
  if (path[0] === 'steps' && typeof path[1] === 'number') {
    const name = (valueAt(data, ['steps', path[1]]) as { name?: string } | undefined)?.name;
    const step = name ? `step "${name}"` : `step ${path[1] + 1}`;
    if (path.length === 2) return step;
    if (path[2] === 'options' && typeof path[3] === 'number')
      return path.length === 4 ? `option ${path[3] + 1} of ${step}` : `"${path.slice(4).join('.')}" of option ${path[3] + 1} of ${step}`;
    return `"${path.slice(2).join('.')}" of ${step}`;
  }
  return `"${path.join('.')}"`;
}

type Def = {
  type: string;
  shape?: Record<string, AnySchema>;
  element?: AnySchema;
  innerType?: AnySchema;
  getter?: () => AnySchema;
  options?: AnySchema[];
  valueType?: AnySchema;
  in?: AnySchema;
  discriminator?: string;
};
const defOf = (s: AnySchema) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema that validates the value at `path`, following lists, records and unions by the data. */
export function schemaAt(schema: AnySchema, path: Path, data: unknown): AnySchema | undefined {
  let current: AnySchema | undefined = unwrap(schema, data);
  for (let i = 0; i < path.length && current; i++) {
    const def = defOf(current);
    const segment = path[i]!;
    const next = def.type === 'object' ? def.shape?.[String(segment)] : def.type === 'array' ? def.element : def.type === 'record' ? def.valueType : undefined;
    current = next ? unwrap(next, valueAt(data, path.slice(0, i + 1))) : undefined;
  }
  return current;
}

function unwrap(schema: AnySchema, value: unknown): AnySchema {
  let current = schema;
  for (let guard = 0; guard < 20; guard++) {
    const def = defOf(current);
    if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'prefault') && def.innerType) current = def.innerType;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else if (def.type === 'pipe' && def.in) current = def.in;
    else if (def.type === 'union' && def.options) {
      const kind = def.discriminator && value && typeof value === 'object' ? (value as Record<string, unknown>)[def.discriminator] : undefined;
      const match = def.options.find((o) => {
        const d = defOf(unwrap(o, undefined));
        if (kind !== undefined)
          return (
            d.type === 'object' &&
            defOf(d.shape?.[def.discriminator!] ?? o).type === 'literal' &&
            (defOf(d.shape![def.discriminator!]!) as unknown as { values: unknown[] }).values.includes(kind)
          );
        if (Array.isArray(value)) return d.type === 'array';
        if (value && typeof value === 'object') return d.type === 'object' || d.type === 'record';
        return d.type !== 'object' && d.type !== 'array';
      });
      if (!match) return current;
      current = match;
    } else return current;
  }
  return current;
}

function knownKeys(schema: AnySchema, path: Path, data: unknown): string[] {
  const at = schemaAt(schema, path, data);
  const def = at ? defOf(at) : undefined;
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}
