import type { FlowIssue, RawIssue } from '../issues/flow-issue.ts';
import type { z } from 'zod';
import type { Rule } from '../schema/predicate-schema.ts';
import { locate, locateOffset, parseYaml, type SourceDocument } from '../parse/parse-yaml.ts';
import { schemaIssues } from '../parse/schema-issues.ts';
import { flowSchema } from '../schema/flow-schema.ts';
import { collectRules } from '../rules/collect-rules.ts';
import { ruleFunctions } from '../rules/rule-functions.ts';
import { checkFlow } from '../check/check-flow.ts';
import { formatIssue } from '../issues/format-issue.ts';
import { compileFlow } from './compile-flow.ts';
import { expandIncludes, type ReadFlowFile } from './expand-includes.ts';
import type { CompiledFlow } from './compiled-flow.ts';

/** The outcome of compiling one flow file: the flow when there is no problem, and every problem found. */
export interface CompileResult {
  flow?: CompiledFlow;
  issues: FlowIssue[];
  source: SourceDocument;
  /** The fragment files the flow includes (watched in dev; their text is needed to print their problems). */
  fragments: SourceDocument[];
}

export interface CompileOptions {
  /** The rule functions flows may name (default: the engine's own). */
  functions?: Iterable<string>;
  /** Reads an included fragment, named relative to the project root; without it a flow cannot include. */
  readFile?: ReadFlowFile;
}

/**
 * YAML text -> checked, compiled flow. Stages: parse (keeping positions), rules, schema, compile,
 * cross-reference checks. Every problem of every stage that can run is reported together.
 * @example const { flow, issues } = compileFlowSource(text, 'flows/consultation/haircare.yaml');
 */
export function compileFlowSource(text: string, file: string, options: CompileOptions = {}): CompileResult {
  const { source, data: written, issues: syntax } = parseYaml(text, file);
  if (syntax.length > 0) return { issues: placeAll(() => ({ source, path: [] }), source, syntax), source, fragments: [] };

  const expanded = expandIncludes(written, source, options.readFile);
  const data = expanded.data;
  const raw: RawIssue[] = [];
  const { rules, issues: ruleIssues } = collectRules(data);
  raw.push(...ruleIssues);
  const parsed = flowSchema.safeParse(data);
  if (!parsed.success) raw.push(...schemaIssues(flowSchema, parsed.error.issues, data));

  let flow: CompiledFlow | undefined;
  const functions = new Set(options.functions ?? Object.keys(ruleFunctions));
  if (parsed.success) {
    const compiled = compileFlow(parsed.data, rules);
    raw.push(...compiled.issues);
    if (ruleIssues.length === 0 && compiled.issues.length === 0) raw.push(...checkFlow(parsed.data, compiled.flow, rules, functions));
    flow = compiled.flow;
  } else {
    raw.push(...salvagedChecks(data, parsed.error.issues, rules, functions));
  }
  const issues = sortIssues(source, [...expanded.placed, ...placeAll(expanded.resolve, source, raw)]);
  const fragments = expanded.fragments;
  return issues.length === 0 && flow ? { flow, issues, source, fragments } : { issues, source, fragments };
}

/** Every problem of a compile result printed with its line, whichever file (flow or fragment) it is in. */
export function formatIssues(result: CompileResult): string[] {
  const texts = new Map([result.source, ...result.fragments].map((s) => [s.file, s.text]));
  return result.issues.map((i) => formatIssue(i, texts.get(i.location.file)));
}

/**
 * When some steps are malformed, the rest of the flow is still cross-checked: each broken step is
 * stood in for by a blank intro at the same index, and problems that only the broken steps' own
 * fields would explain are dropped.
 */
function salvagedChecks(data: unknown, schemaProblems: readonly z.core.$ZodIssue[], rules: Map<string, Rule>, functions: Set<string>): RawIssue[] {
  const steps = (data as { steps?: unknown })?.steps;
  if (!Array.isArray(steps)) return [];
  const broken = new Set<number>();
  const strayKeys = new Map<number, { path: PropertyKey[]; keys: string[] }[]>();
  for (const problem of schemaProblems) {
    if (problem.path[0] !== 'steps' || typeof problem.path[1] !== 'number') return [];
    const index = problem.path[1];
    // Unknown keys are dropped and the step kept; anything else and the step is stood in for.
    if (problem.code === 'unrecognized_keys') strayKeys.set(index, [...(strayKeys.get(index) ?? []), { path: problem.path.slice(2), keys: problem.keys }]);
    else broken.add(index);
  }
  const orphaned = new Set<string>();
  const stand = steps.map((step, i) => {
    const s = structuredClone((step ?? {}) as Record<string, unknown>);
    if (!broken.has(i)) {
      for (const { path, keys } of strayKeys.get(i) ?? []) {
        const holder = path.reduce<unknown>((v, k) => (v as Record<PropertyKey, unknown>)?.[k], s) as Record<string, unknown> | undefined;
        keys.forEach((k) => holder && delete holder[k]);
      }
      return s;
    }
    if (typeof s.field === 'string') orphaned.add(s.field);
    if (Array.isArray(s.options)) s.options.forEach((o) => typeof o?.field === 'string' && orphaned.add(o.field));
    if (s.fields && typeof s.fields === 'object') Object.values(s.fields).forEach((f) => typeof f === 'string' && orphaned.add(f));
    const route = typeof s.route === 'string' && /^([a-z0-9-]+(\/[a-z0-9-]+)*)?$/.test(s.route) ? s.route : `invalid-step-${i + 1}`;
    return {
      kind: 'intro',
      name: typeof s.name === 'string' ? s.name : `step-${i + 1}`,
      route,
      ...(typeof s.section === 'string' ? { section: s.section } : {}),
    };
  });
  const parsed = flowSchema.safeParse({ ...(data as object), steps: stand });
  if (!parsed.success) return [];
  const kept = new Map([...rules].filter(([key]) => !broken.has(Number(key.split('\u0001')[1]))));
  const compiled = compileFlow(parsed.data, kept);
  const issues = [...compiled.issues, ...checkFlow(parsed.data, compiled.flow, kept, functions)];
  return issues.filter(
    (i) =>
      i.code !== 'unreachable_step' &&
      !(i.path[0] === 'steps' && typeof i.path[1] === 'number' && broken.has(i.path[1]) && i.code !== 'unknown_section') &&
      !((i.code === 'unknown_field' || i.code === 'unknown_option_value') && orphaned.has(String(i.code === 'unknown_field' ? i.data.found : i.data.field))),
  );
}

type Resolve = (path: readonly (string | number)[]) => { source: SourceDocument; path: (string | number)[] };

function placeAll(resolve: Resolve, source: SourceDocument, raw: RawIssue[]): FlowIssue[] {
  const placed = raw.map((issue): FlowIssue => {
    const { offset, end, ...data } = issue.data;
    const at = resolve(issue.path);
    const location =
      typeof offset === 'number' ? locateOffset(source, offset, typeof end === 'number' ? end : offset + 1) : locate(at.source, at.path, issue.atKey);
    return { code: issue.code, location, data, severity: 'error' };
  });
  return sortIssues(source, placed);
}

/** The flow's own problems first, then each fragment's, each in line order. */
function sortIssues(source: SourceDocument, placed: FlowIssue[]): FlowIssue[] {
  const fileOrder = (f: string) => (f === source.file ? 0 : 1);
  return placed.sort(
    (a, b) =>
      fileOrder(a.location.file) - fileOrder(b.location.file) ||
      a.location.file.localeCompare(b.location.file) ||
      a.location.line - b.location.line ||
      a.location.column - b.location.column,
  );
}
