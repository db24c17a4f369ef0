import type { Scalar } from '../schema/predicate-schema.ts';
import type { CompiledFlow } from '../compile/compiled-flow.ts';

/** A context key a rule may read, and the values it takes (undefined: any value). */
export interface ContextKey {
  values?: Scalar[];
}

/** Namespaces whose keys are open: any name may follow the dot. */
export const openNamespaces = ['flag', 'query', 'order', 'user'] as const;

/** The context keys built into the engine (spec 000 §4.5: authentication, signed up without names). */
export const builtInContext: Record<string, ContextKey> = {
  session: { values: ['anonymous', 'guest', 'authenticated'] },
  'user.hasNames': { values: [true, false] },
  // Any value: a fragment shared by several flows may name the others' ids and categories.
  'flow.id': {},
  'flow.category': {},
};

/** Resolves a context key for a flow: built-in, variant, open namespace or declared; undefined if unknown. */
export function contextKey(flow: CompiledFlow, declared: Record<string, { values?: Scalar[] }>, key: string): ContextKey | undefined {
  if (builtInContext[key]) return builtInContext[key];
  const dot = key.indexOf('.');
  if (dot > 0) {
    const ns = key.slice(0, dot);
    const name = key.slice(dot + 1);
    if (ns === 'variant') return flow.variants[name] ? { values: flow.variants[name].options } : undefined;
    if ((openNamespaces as readonly string[]).includes(ns) && name.length > 0) return {};
  }
  if (declared[key]) return declared[key].values ? { values: declared[key].values } : {};
  return undefined;
}
