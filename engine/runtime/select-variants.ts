import type { CompiledFlow } from '../compile/compiled-flow.ts';
import { compileRule } from '../rules/evaluate-rule.ts';
import type { FlowEnvironment } from './types.ts';

/**
 * Picks each variant's option: the first `choose` rule that holds, else the feature flag when it
 * names an option, else the default.
 * @example selectVariants(haircare, { ...env, query: { 'signin-first': 'true' } })['signin-placement'] // 'first'
 */
export function selectVariants(flow: CompiledFlow, env: FlowEnvironment, overrides: Record<string, string> = {}): Record<string, string> {
  const chosen: Record<string, string> = {};
  const contextKeys = new Set(flow.context);
  for (const [name, variant] of Object.entries(flow.variants)) {
    const override = overrides[name];
    if (override && variant.options.includes(override)) {
      chosen[name] = override;
      continue;
    }
    const rule = variant.choose?.find((c) =>
      compileRule(c.when, { derived: flow.derived, contextKeys, flow: { id: flow.id, category: flow.category } })({ answers: {}, env, variants: chosen }),
    );
    const flag = variant.flag ? env.flags[variant.flag] : undefined;
    chosen[name] = rule?.use ?? (typeof flag === 'string' && variant.options.includes(flag) ? flag : variant.default);
  }
  return chosen;
}

/** Every variant at its default option. */
export function defaultVariants(flow: CompiledFlow): Record<string, string> {
  return Object.fromEntries(Object.entries(flow.variants).map(([name, v]) => [name, v.default]));
}
