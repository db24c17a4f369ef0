import type { RawIssue } from '../issues/flow-issue.ts';
import { didYouMean } from '../issues/did-you-mean.ts';
import { operatorNames, type OperatorTest, type Rule, type Scalar } from '../schema/predicate-schema.ts';

type Path = (string | number)[];

const listOperators = new Set<keyof OperatorTest>(['in', 'notIn', 'includesAny', 'includesAll']);
const numberOperators = new Set<keyof OperatorTest>(['gt', 'gte', 'lt', 'lte']);

const isScalar = (v: unknown): v is Scalar => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Turns a rule as written in YAML into the normalised tree, reporting every problem with its path.
 * @example normalizeRule({ diag_color_treatments: true }, ['steps', 3, 'when']).rule
 * // { kind: 'test', key: 'diag_color_treatments', op: 'equals', value: true, path: [...] }
 */
export function normalizeRule(raw: unknown, path: Path): { rule?: Rule; issues: RawIssue[] } {
  const issues: RawIssue[] = [];
  const rule = walk(raw, path, issues);
  return issues.length > 0 ? { issues } : { rule, issues };
}

function walk(raw: unknown, path: Path, issues: RawIssue[]): Rule | undefined {
  if (!isPlainObject(raw) || Object.keys(raw).length === 0) {
    issues.push({
      code: 'invalid_rule',
      path,
      data: { detail: 'a rule is a mapping such as { diag_hair_length: short } or { all: [...] }', found: show(raw) },
    });
    return undefined;
  }
  const parts: Rule[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const at = [...path, key];
    if (key === 'all' || key === 'any') {
      if (!Array.isArray(value) || value.length === 0) {
        issues.push({ code: 'invalid_rule', path: at, data: { detail: `"${key}" takes a non-empty list of rules`, found: show(value) } });
        continue;
      }
      const of = value.map((v, i) => walk(v, [...at, i], issues)).filter((r): r is Rule => r !== undefined);
      parts.push({ kind: key, of });
    } else if (key === 'not') {
      const of = walk(value, at, issues);
      if (of) parts.push({ kind: 'not', of });
    } else if (key === 'fn') {
      if (typeof value !== 'string')
        issues.push({ code: 'invalid_rule', path: at, data: { detail: '"fn" takes the name of a registered rule function', found: show(value) } });
      else parts.push({ kind: 'fn', name: value, path: at });
    } else {
      parts.push(...fieldTests(key, value, at, issues));
    }
  }
  return parts.length === 1 ? parts[0] : { kind: 'all', of: parts };
}

function fieldTests(key: string, value: unknown, path: Path, issues: RawIssue[]): Rule[] {
  if (isScalar(value)) return [{ kind: 'test', key, op: 'equals', value, path }];
  if (Array.isArray(value)) {
    issues.push({ code: 'invalid_rule', path, data: { detail: `to accept several values write { ${key}: { in: [...] } }`, found: show(value) } });
    return [];
  }
  if (!isPlainObject(value) || Object.keys(value).length === 0) {
    issues.push({ code: 'invalid_rule', path, data: { detail: 'a field test is a value or a mapping of operators', found: show(value) } });
    return [];
  }
  const tests: Rule[] = [];
  for (const [op, operand] of Object.entries(value)) {
    const at = [...path, op];
    if (!(operatorNames as string[]).includes(op)) {
      issues.push({ code: 'unknown_operator', path: at, atKey: true, data: { found: op, expected: operatorNames, suggestion: didYouMean(op, operatorNames) } });
      continue;
    }
    const name = op as keyof OperatorTest;
    const problem = operandProblem(name, operand);
    if (problem) {
      issues.push({ code: 'invalid_rule', path: at, data: { detail: problem, found: show(operand) } });
      continue;
    }
    tests.push({ kind: 'test', key, op: name, value: operand as Scalar | Scalar[], path });
  }
  return tests;
}

function operandProblem(op: keyof OperatorTest, operand: unknown): string | undefined {
  if (listOperators.has(op)) return Array.isArray(operand) && operand.every(isScalar) ? undefined : `"${op}" takes a list of values`;
  if (numberOperators.has(op)) return typeof operand === 'number' ? undefined : `"${op}" takes a number`;
  if (op === 'answered') return typeof operand === 'boolean' ? undefined : '"answered" takes true or false';
  return isScalar(operand) ? undefined : `"${op}" takes a single value`;
}

function show(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/** Calls `visit` on every field test of a rule. */
export function forEachTest(rule: Rule, visit: (test: Extract<Rule, { kind: 'test' }>) => void): void {
  if (rule.kind === 'test') visit(rule);
  else if (rule.kind === 'all' || rule.kind === 'any') rule.of.forEach((r) => forEachTest(r, visit));
  else if (rule.kind === 'not') forEachTest(rule.of, visit);
}
