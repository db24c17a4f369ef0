import type { Rule, Scalar } from '../schema/predicate-schema.ts';
import type { CompiledFlow } from '../compile/compiled-flow.ts';
import type { FieldInfo } from '../compile/field-model.ts';
import { compileRule, type RuleScope } from '../rules/evaluate-rule.ts';
import { forEachTest } from '../rules/normalize-rule.ts';
import { defaultVariants } from '../runtime/select-variants.ts';
import { orderSteps } from '../runtime/order-steps.ts';
import type { AnswerValue, FlowEnvironment } from '../runtime/types.ts';
import { contextKey } from './context-keys.ts';

/** Above this many combinations a rule is assumed satisfiable rather than searched. */
const searchLimit = 20_000;
const OTHER = '\u0000other';

/**
 * The indexes (in file order) of steps no forward path can reach: no answers to the steps before
 * them, and no context, make their rule hold. A field only later steps write is unanswered then.
 */
export function unreachableSteps(flow: CompiledFlow, fields: Map<string, FieldInfo>, declared: Record<string, { values?: Scalar[] }>): number[] {
  const ordered = orderSteps(flow, defaultVariants(flow));
  const answeredBefore = new Set<string>();
  const unreachable: number[] = [];
  for (const step of ordered) {
    if (step.when && !satisfiable(step.when, flow, fields, declared, answeredBefore)) {
      unreachable.push(flow.steps.findIndex((s) => s.name === step.name));
      continue;
    }
    step.answerFields.forEach((f) => answeredBefore.add(f));
  }
  for (const derived of flow.derived) {
    if (derived.terms.every((t) => answeredBefore.has(t.from))) answeredBefore.add(derived.field);
  }
  return unreachable;
}

const orderOps = new Set(['gt', 'gte', 'lt', 'lte']);

/** Whether some answers (to the fields in `answered`) and some context make the rule hold. */
export function satisfiable(
  rule: Rule,
  flow: CompiledFlow,
  fields: Map<string, FieldInfo>,
  declared: Record<string, { values?: Scalar[] }>,
  answered: ReadonlySet<string>,
): boolean {
  let usesFunction = false;
  const check = (r: Rule) => {
    if (r.kind === 'fn') usesFunction = true;
    if (r.kind === 'all' || r.kind === 'any') r.of.forEach(check);
    if (r.kind === 'not') check(r.of);
  };
  check(rule);
  if (usesFunction) return true;

  const mentioned = new Map<string, Set<Scalar>>();
  // Keys compared by order (gt, gte, lt, lte): their numeric values on either side of each bound are tried too.
  const ordered = new Set<string>();
  forEachTest(rule, (t) => {
    const set = mentioned.get(t.key) ?? new Set<Scalar>();
    (Array.isArray(t.value) ? t.value : [t.value]).forEach((v) => set.add(v as Scalar));
    if (orderOps.has(t.op) && typeof t.value === 'number') {
      ordered.add(t.key);
      set.add(t.value - 1).add(t.value + 1);
    }
    mentioned.set(t.key, set);
  });

  const candidates: [string, (AnswerValue | undefined)[]][] = [];
  for (const [key, literals] of mentioned) {
    const field = fields.get(key);
    const derivedField = flow.derived.find((d) => d.field === key);
    if (field || derivedField) {
      const isAnswered = answered.has(key) || (derivedField !== undefined && derivedField.terms.every((t) => answered.has(t.from)));
      if (!isAnswered) {
        candidates.push([key, [undefined]]);
        continue;
      }
      const domain = field?.values;
      // A key compared by order tries every number it can take (a rating's 0-5), not only the rule's literals.
      const values = domain ? domain.filter((v) => literals.has(v) || (ordered.has(key) && typeof v === 'number')) : [...literals];
      const hasOther = !domain || domain.some((v) => !literals.has(v));
      if (field?.shape === 'list') {
        const atoms: Scalar[] = [...values, ...(hasOther ? [OTHER] : [])];
        candidates.push([key, [undefined, ...(subsets(atoms) as AnswerValue[])]]);
      } else candidates.push([key, [undefined, ...values, ...(hasOther ? [OTHER] : [])]]);
    } else {
      const ctx = contextKey(flow, declared, key);
      const values = ctx?.values ?? [...literals, OTHER];
      candidates.push([key, [undefined, ...values]]);
    }
  }
  const total = candidates.reduce((n, [, v]) => n * v.length, 1);
  if (total > searchLimit) return true;

  // The rule reads answers, context and variants through one scope whose values we set per combination.
  const answers: Record<string, AnswerValue | undefined> = {};
  const env: FlowEnvironment = { session: 'anonymous', user: {}, flags: {}, query: {}, order: {}, context: {} };
  const variants: Record<string, string> = {};
  const scope: RuleScope = { answers, env, variants };
  const guard = compileRule(rule, { derived: [], contextKeys: new Set(Object.keys(declared)) });
  const assign = (key: string, value: AnswerValue | undefined) => {
    const dot = key.indexOf('.');
    const ns = dot > 0 ? key.slice(0, dot) : '';
    const name = key.slice(dot + 1);
    if (key === 'session') env.session = (value ?? 'anonymous') as FlowEnvironment['session'];
    else if (ns === 'variant') variants[name] = value as string;
    else if (ns === 'user') env.user[name] = value as Scalar;
    else if (ns === 'flag') env.flags[name] = value as Scalar;
    else if (ns === 'query') env.query[name] = value as string;
    else if (ns === 'order') env.order[name] = value as AnswerValue;
    else if (key in declared) env.context[key] = value as AnswerValue;
    else answers[key] = value;
  };
  const search = (i: number): boolean => {
    if (i === candidates.length) return guard(scope);
    const [key, values] = candidates[i]!;
    for (const value of values) {
      assign(key, value);
      if (search(i + 1)) return true;
    }
    return false;
  };
  return search(0);
}

function subsets(atoms: Scalar[]): Scalar[][] {
  const out: Scalar[][] = [];
  for (let mask = 1; mask < 1 << atoms.length; mask++) out.push(atoms.filter((_, i) => mask & (1 << i)));
  return out;
}

/** Whether two rules can never hold together, whatever the answers and context: steps that may share a route. */
export function mutuallyExclusive(
  a: Rule | undefined,
  b: Rule | undefined,
  flow: CompiledFlow,
  fields: Map<string, FieldInfo>,
  declared: Record<string, { values?: Scalar[] }>,
): boolean {
  if (!a || !b) return false;
  return !satisfiable({ kind: 'all', of: [a, b] }, flow, fields, declared, new Set([...fields.keys(), ...flow.derived.map((d) => d.field)]));
}
