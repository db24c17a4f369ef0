import type { CompiledStep } from '../compile/compiled-flow.ts';
import type { RuleScope } from '../rules/evaluate-rule.ts';
import type { FlowRuntime } from './flow-runtime.ts';

/** The index of the first step after `from` that is shown for these answers, or -1 for the results route (spec 000 §2.3). */
export function nextStepIndex(runtime: FlowRuntime, from: number, scope: RuleScope): number {
  for (let i = from + 1; i < runtime.steps.length; i++) {
    if (runtime.isIncluded(runtime.steps[i]!, scope)) return i;
  }
  return -1;
}

/** The index of the last step before `from` that is shown, or -1 when there is none. */
export function previousStepIndex(runtime: FlowRuntime, from: number, scope: RuleScope): number {
  for (let i = from - 1; i >= 0; i--) {
    if (runtime.isIncluded(runtime.steps[i]!, scope)) return i;
  }
  return -1;
}

/** Whether the shopper may be on a step: public steps for anyone, the rest once signed in (spec 000 §6). */
export function mayEnter(runtime: FlowRuntime, step: CompiledStep, scope: RuleScope): boolean {
  return step.public || scope.env.session === 'authenticated' || !runtime.steps.some((s) => s.kind === 'signin');
}

/** Strips the query string and a trailing slash. */
export const routePath = (route: string) => route.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');

/**
 * Where a shopper who opens `route` lands: the shown step with that route; a step that is not
 * shown for these answers leads on to the next one that is; a non-public step before signing in
 * leads to the sign-in step; an unknown route to the first step. -1 means the results route.
 */
export function resolveRoute(runtime: FlowRuntime, route: string, scope: RuleScope): number {
  const path = routePath(route);
  if (path === runtime.flow.routes.results) return -1;
  const candidates = runtime.steps.flatMap((s, i) => (s.route === path ? [i] : []));
  let index = candidates.find((i) => runtime.isIncluded(runtime.steps[i]!, scope));
  if (index === undefined) index = candidates.length > 0 ? nextStepIndex(runtime, candidates[0]!, scope) : nextStepIndex(runtime, -1, scope);
  if (index === -1) return -1;
  return guardAccess(runtime, index, scope);
}

/** Sends a visitor who may not enter a step to the sign-in step (when the flow has one that is shown). */
export function guardAccess(runtime: FlowRuntime, index: number, scope: RuleScope): number {
  if (mayEnter(runtime, runtime.steps[index]!, scope)) return index;
  const signin = runtime.steps.findIndex((s) => s.kind === 'signin' && runtime.isIncluded(s, scope));
  return signin === -1 ? index : signin;
}

/** The first shown step without an answer (a returning shopper resumes there); -1 when all are answered. */
export function firstUnansweredIndex(runtime: FlowRuntime, scope: RuleScope): number {
  for (let i = 0; i < runtime.steps.length; i++) {
    const step = runtime.steps[i]!;
    if (!runtime.isIncluded(step, scope) || step.answerFields.length === 0) continue;
    if (step.answerFields.some((f) => scope.answers[f] === undefined)) return guardAccess(runtime, i, scope);
  }
  return -1;
}
