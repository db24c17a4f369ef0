import type { Rule } from '../schema/predicate-schema.ts';
import type { CompiledFlow, CompiledStep } from '../compile/compiled-flow.ts';
import { compileRule, type Guard, type RuleFunctions, type RuleScope } from '../rules/evaluate-rule.ts';
import { ruleFunctions } from '../rules/rule-functions.ts';
import { shareContent } from './flow-content.ts';
import { orderSteps } from './order-steps.ts';
import { selectVariants } from './select-variants.ts';
import type { FlowEnvironment } from './types.ts';

/** A compiled flow with its rules turned into guards (once), and its steps ordered for the chosen variants. */
export interface FlowRuntime {
  /** The flow as this shopper runs it: with a question set, its results route, query, progress and onComplete. */
  flow: CompiledFlow;
  /** The question set in use (?questionSet=<name> whose rule holds), if any. */
  questionSet?: string;
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
      compiled = compileRule(rule, { derived: flow.derived, contextKeys, functions, flow: { id: flow.id, category: flow.category } });
      cache.set(rule, compiled);
    }
    return compiled;
  };
  const variants = selectVariants(flow, env, options.variants);
  const questionSet = chooseQuestionSet(flow, env, variants, guard);
  const ordered = orderSteps(flow, variants);
  const runtime: FlowRuntime = {
    flow: questionSet ? questionSetFlow(flow, questionSet) : flow,
    ...(questionSet ? { questionSet } : {}),
    env,
    variants,
    steps: questionSet ? flow.questionSets![questionSet]!.steps.flatMap((name) => ordered.filter((s) => s.name === name)) : ordered,
    guard,
    isIncluded(step, scope) {
      if (step.when && !guard(step.when)(scope)) return false;
      // A question with nothing to offer (hair styles before a texture is known) is skipped.
      if ('options' in step && step.kind !== 'boolean') return offeredCount(runtime, step, scope) > 0;
      return true;
    },
  };
  shareContent(flow, runtime.steps);
  return runtime;
}

/** The question set named by ?questionSet=, when the flow has it and its rule holds for this shopper. */
function chooseQuestionSet(flow: CompiledFlow, env: FlowEnvironment, variants: Record<string, string>, guard: (rule: Rule) => Guard): string | undefined {
  const name = env.query.questionSet;
  const set = name ? flow.questionSets?.[name] : undefined;
  if (!set) return undefined;
  return !set.when || guard(set.when)({ answers: {}, env, variants }) ? name : undefined;
}

/** The flow seen through a question set: its own end, progress and completion fields, and ?questionSet= kept on every route. */
function questionSetFlow(flow: CompiledFlow, name: string): CompiledFlow {
  const set = flow.questionSets![name]!;
  return {
    ...flow,
    routes: { ...flow.routes, results: set.results ?? flow.routes.results },
    query: { ...flow.query, questionSet: name },
    progress: set.progress ?? flow.progress,
    ...(set.onComplete ? { onComplete: set.onComplete } : {}),
  };
}

function offeredCount(runtime: FlowRuntime, step: Extract<CompiledStep, { options: unknown }>, scope: RuleScope): number {
  const list = step.optionCases?.find((c) => runtime.guard(c.when)(scope))?.options ?? step.options;
  return list.filter((o) => !o.retired && (!o.when || runtime.guard(o.when)(scope))).length;
}
