import type { Rule, Scalar } from '../schema/predicate-schema.ts';
import type { Derived } from '../schema/flow-schema.ts';
import { deriveValue } from '../runtime/derive.ts';
import type { Answers, AnswerValue, FlowEnvironment } from '../runtime/types.ts';

/** What a rule reads: the answers, the environment and the selected variants. */
export interface RuleScope {
  answers: Answers;
  env: FlowEnvironment;
  variants: Record<string, string>;
}

/** A compiled rule. It may throw (a rule function, an unknown value in a derived field). */
export type Guard = (scope: RuleScope) => boolean;

/** Rules written in code, supplied by name (`{ fn: name }`). */
export type RuleFunctions = Record<string, Guard>;

type Getter = (scope: RuleScope) => AnswerValue | undefined;

/** What a rule may read about the flow it runs in (`flow.id`, `flow.category`): a shared fragment can tell its flows apart. */
export interface FlowFacts {
  id: string;
  category: string;
}

/** Builds the reader for a key: context namespaces first, then derived fields, then answers. */
export function keyReader(key: string, derived: readonly Derived[], contextKeys: ReadonlySet<string>, flow?: FlowFacts): Getter {
  if (key === 'session') return (s) => s.env.session;
  const dot = key.indexOf('.');
  if (dot > 0) {
    const ns = key.slice(0, dot);
    const name = key.slice(dot + 1);
    if (ns === 'user') return (s) => own(s.env.user, name);
    if (ns === 'flag') return (s) => own(s.env.flags, name);
    if (ns === 'query') return (s) => own(s.env.query, name);
    if (ns === 'order') return (s) => own(s.env.order, name);
    if (ns === 'variant') return (s) => own(s.variants, name);
    if (ns === 'flow') {
      const value = flow && own<string>(flow, name);
      return () => value;
    }
  }
  if (contextKeys.has(key)) return (s) => own(s.env.context, key);
  const derivation = derived.find((d) => d.field === key);
  if (derivation) return (s) => own(s.answers, key) ?? deriveValue(derivation, s.answers);
  return (s) => own(s.answers, key);
}

/** A record's own value: a field or query key may be named like an Object.prototype member ("constructor"). */
function own<T>(record: object, key: string): T | undefined {
  return Object.hasOwn(record, key) ? (record as Record<string, T>)[key] : undefined;
}

const answered = (v: AnswerValue | undefined) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);
const equals = (v: AnswerValue | undefined, x: Scalar) => (Array.isArray(v) ? v.length === 1 && v[0] === x : v === x);

/**
 * Compiles a normalised rule into a guard.
 * @example compileRule(rule, { derived: [], contextKeys: new Set() })({ answers, env, variants })
 */
export function compileRule(
  rule: Rule,
  options: { derived: readonly Derived[]; contextKeys: ReadonlySet<string>; functions?: RuleFunctions; flow?: FlowFacts },
): Guard {
  switch (rule.kind) {
    case 'all': {
      const parts = rule.of.map((r) => compileRule(r, options));
      return (s) => parts.every((p) => p(s));
    }
    case 'any': {
      const parts = rule.of.map((r) => compileRule(r, options));
      return (s) => parts.some((p) => p(s));
    }
    case 'not': {
      const inner = compileRule(rule.of, options);
      return (s) => !inner(s);
    }
    case 'fn': {
      const fn = options.functions?.[rule.name];
      if (!fn)
        return () => {
          throw new Error(`No rule function named "${rule.name}" is registered.`);
        };
      return fn;
    }
    case 'test': {
      const read = keyReader(rule.key, options.derived, options.contextKeys, options.flow);
      const x = rule.value as Scalar;
      const list = rule.value as Scalar[];
      switch (rule.op) {
        case 'equals':
          return (s) => equals(read(s), x);
        case 'notEquals':
          return (s) => !equals(read(s), x);
        case 'in':
          return (s) => list.includes(read(s) as Scalar);
        case 'notIn':
          return (s) => !list.includes(read(s) as Scalar);
        case 'includes':
          return (s) => {
            const v = read(s);
            return Array.isArray(v) && v.includes(x as never);
          };
        case 'excludes':
          return (s) => {
            const v = read(s);
            return !(Array.isArray(v) && v.includes(x as never));
          };
        case 'includesAny':
          return (s) => {
            const v = read(s);
            return Array.isArray(v) && list.some((y) => v.includes(y as never));
          };
        case 'includesAll':
          return (s) => {
            const v = read(s);
            return Array.isArray(v) && list.every((y) => v.includes(y as never));
          };
        case 'answered':
          return (s) => answered(read(s)) === x;
        case 'gt':
          return (s) => {
            const v = read(s);
            return typeof v === 'number' && v > (x as number);
          };
        case 'gte':
          return (s) => {
            const v = read(s);
            return typeof v === 'number' && v >= (x as number);
          };
        case 'lt':
          return (s) => {
            const v = read(s);
            return typeof v === 'number' && v < (x as number);
          };
        case 'lte':
          return (s) => {
            const v = read(s);
            return typeof v === 'number' && v <= (x as number);
          };
      }
    }
  }
}
