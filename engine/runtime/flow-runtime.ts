import type { Rule } from '../schema/predicate-schema.ts';
import type { CompiledFlow, CompiledStep } from '../compile/compiled-flow.ts';
import { compileRule, type Guard, type RuleFunctions, type RuleScope } from '../rules/evaluate-rule.ts';
import { ruleFunctions } from '../rules/rule-functions.ts';
import { orderSteps } from './order-steps.ts';
import { selectVariants } from './select-variants.ts';
import type { FlowEnvironment } from './types.ts';

/** A compiled flow with its rules turned into guards (once), and its steps ordered for the chosen variants. */
export interface FlowRuntime {
  flow: CompiledFlow;
  /** The environment the variants were chosen for. */
  env: FlowEnvironment;
  variants: Record<string, string>;
  /** Steps in the order the shopper meets them. */
  steps: CompiledStep[];
  /** The guard of a rule (compiled once, then cached). */
  guard(rule: Rule): Guard;
  /** Whether a step is shown for these answers: its rule holds, and a choice step has options to offer. */
  isIncluded(step: CompiledStep, scope: RuleScope): boolean;
}

/**
 * Prepares a flow to run for one shopper's environment (variants are chosen from it).
 * @example const runtime = createFlowRuntime(haircare, env); runtime.steps[0].name // 'welcome'
 */
export function createFlowRuntime(
  flow: CompiledFlow,
  env: FlowEnvironment,
  options: { functions?: RuleFunctions; variants?: Record<string, string> } = {},
): FlowRuntime {
  const cache = new WeakMap<Rule, Guard>();
  const contextKeys = new Set(flow.context);
  const functions = { ...ruleFunctions, ...options.functions };
  const guard = (rule: Rule): Guard => {
    let compiled = cache.get(rule);
    if (!compiled) {
      compiled = compileRule(rule, { derived: flow.derived, contextKeys, functions });
      cache.set(rule, compiled);
    }
    return compiled;
  };
  const variants = selectVariants(flow, env, options.variants);
  const runtime: FlowRuntime = {
    flow,
    env,
    variants,
    steps: orderSteps(flow, variants),
    guard,
    isIncluded(step, scope) {
      if (step.when && !guard(step.when)(scope)) return false;
      // A question with nothing to offer (hair styles before a texture is known) is skipped.
      if ('options' in step && step.kind !== 'boolean') return offeredCount(runtime, step, scope) > 0;
      return true;
    },
  };
  return runtime;
}

function offeredCount(runtime: FlowRuntime, step: Extract<CompiledStep, { options: unknown }>, scope: RuleScope): number {
  const list = step.optionCases?.find((c) => runtime.guard(c.when)(scope))?.options ?? step.options;
  return list.filter((o) => !o.retired && (!o.when || runtime.guard(o.when)(scope))).length;
}
