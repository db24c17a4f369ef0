import { didYouMean } from '../issues/did-you-mean.ts';
import { issueMessages } from '../issues/messages.ts';
import type { Rule, Scalar } from '../schema/predicate-schema.ts';
import { anonymousEnvironment } from '../runtime/environment.ts';
import type { Answers } from '../runtime/types.ts';
import { compileRule } from './evaluate-rule.ts';
import { normalizeRule } from './normalize-rule.ts';

/**
 * Rules over plain facts, in the flows' rule language, for rule tables kept outside the flows (the
 * formulation's scoring and recommendations): `{ diag_hair_type: dry }`, `{ aggressor.humidity: high }`,
 * `{ all: [...] }`. Keys may name fields the tables know (`known`), checked with "did you mean".
 */

/** What a fact rule reads: field (or `namespace.name`) to value. */
export type Facts = Answers;

/** A problem in a written rule: where (a path inside it) and what, in plain words. */
export interface FactRuleProblem {
  path: (string | number)[];
  /** The problem is the key at the end of the path (an unknown field), not its value. */
  atKey?: boolean;
  message: string;
}

/** The keys a table may test: the values each can hold (null: any value), and whether it holds a list (a multi-select answer). */
export type KnownFacts = ReadonlyMap<string, { values: readonly Scalar[] | null; list?: boolean }>;

const listOperators = new Set(['includes', 'includesAny', 'includesAll', 'excludes']);
const oneValueOperators = new Set(['in', 'notIn']);

const env = anonymousEnvironment();

/**
 * Compiles a rule written as data into a test over facts; every problem is reported with its path.
 * @example compileFactRule({ diag_hair_type: dry }, ['rules', 0, 'when'], known).test?.({ diag_hair_type: 'dry' }) // true
 */
export function compileFactRule(
  raw: unknown,
  path: (string | number)[],
  known?: KnownFacts,
): { test?: (facts: Facts) => boolean; problems: FactRuleProblem[] } {
  const { rule, issues } = normalizeRule(raw, path);
  const problems: FactRuleProblem[] = issues.map((issue) => ({ path: issue.path, message: messageOf(issueMessages[issue.code](issue.data), issue.data) }));
  if (!rule) return { problems };
  if (known) checkKeys(rule, known, problems);
  if (problems.length > 0) return { problems };
  const guard = compileRule(rule, { derived: [], contextKeys: new Set() });
  return { test: (facts) => guard({ answers: facts, env, variants: {} }), problems };
}

function messageOf(text: string, data: { expected?: string[]; found?: unknown; suggestion?: string }): string {
  const parts = [text];
  if (data.expected?.length) parts.push(`Expected: ${data.expected.join(', ')}.`);
  if (data.found !== undefined) parts.push(`Found: ${String(data.found)}.`);
  if (data.suggestion) parts.push(`Did you mean "${data.suggestion}"?`);
  return parts.join(' ');
}

function checkKeys(rule: Rule, known: KnownFacts, problems: FactRuleProblem[]): void {
  if (rule.kind === 'all' || rule.kind === 'any') return rule.of.forEach((r) => checkKeys(r, known, problems));
  if (rule.kind === 'not') return checkKeys(rule.of, known, problems);
  if (rule.kind !== 'test') return;
  const path = rule.path ?? [];
  if (!known.has(rule.key)) {
    const suggestion = didYouMean(rule.key, [...known.keys()]);
    problems.push({
      path,
      atKey: true,
      message: `The rule tests "${rule.key}", which is no answer field or fact this table knows.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
    });
    return;
  }
  const { values, list = false } = known.get(rule.key)!;
  // A test that can never hold for the field's shape is a mistake, not a rule.
  if (list && oneValueOperators.has(rule.op)) {
    problems.push({
      path,
      message: `"${rule.key}" holds a list of answers (a multi-select question), so "${rule.op}" never holds. Use includesAny, includesAll, includes or excludes.`,
    });
    return;
  }
  if (!list && listOperators.has(rule.op)) {
    problems.push({ path, message: `"${rule.key}" holds one answer, so "${rule.op}" never holds. Use equals, in or notIn.` });
    return;
  }
  // Open facts, "answered" and number comparisons take any value.
  if (!values || ['answered', 'gt', 'gte', 'lt', 'lte'].includes(rule.op)) return;
  for (const value of Array.isArray(rule.value) ? rule.value : [rule.value]) {
    if (values.includes(value)) continue;
    const suggestion =
      typeof value === 'string'
        ? didYouMean(
            value,
            values.filter((v): v is string => typeof v === 'string'),
          )
        : undefined;
    problems.push({
      path,
      message: `"${rule.key}" cannot be ${JSON.stringify(value)}. Expected one of: ${values.map((v) => JSON.stringify(v)).join(', ')}.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
    });
  }
}
