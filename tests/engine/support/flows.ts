import { loadFlowFile } from '#engine/compiler';
import {
  anonymousEnvironment,
  createFlowRuntime,
  nextStepIndex,
  offeredOptions,
  selectionFromAnswers,
  answersFromSelection,
  type Answers,
  type CompiledFlow,
  type FlowEnvironment,
  type FlowRuntime,
  type Selection,
} from '#engine';

const cache = new Map<string, CompiledFlow>();

/** A flow of flows/, compiled (and required to have no problems). */
export function flow(path: string): CompiledFlow {
  let compiled = cache.get(path);
  if (!compiled) {
    const result = loadFlowFile(path);
    if (!result.flow) throw new Error(`${path} does not compile: ${result.issues.map((i) => i.code).join(', ')}`);
    compiled = result.flow;
    cache.set(path, compiled);
  }
  return compiled;
}

export const haircarePath = 'flows/consultation/haircare.yaml';
export const skincarePath = 'flows/consultation/skincare.yaml';

/** The haircare flow prepared for an environment (anonymous by default). */
export function haircare(env: Partial<FlowEnvironment> = {}, variants?: Record<string, string>): FlowRuntime {
  return createFlowRuntime(flow(haircarePath), anonymousEnvironment(env), variants ? { variants } : {});
}

/** The skincare flow prepared for an environment (anonymous by default). */
export function skincare(env: Partial<FlowEnvironment> = {}, variants?: Record<string, string>): FlowRuntime {
  return createFlowRuntime(flow(skincarePath), anonymousEnvironment(env), variants ? { variants } : {});
}

/** Helpers that read one step of a runtime under some answers. */
export function stepOf(runtime: FlowRuntime, name: string) {
  const step = runtime.steps.find((s) => s.name === name);
  if (!step) throw new Error(`no step "${name}" in ${runtime.flow.id} (${runtime.steps.map((s) => s.name).join(', ')})`);
  const scope = (answers: Answers) => ({ answers, env: runtime.env, variants: runtime.variants });
  return {
    step,
    included: (answers: Answers) => runtime.isIncluded(step, scope(answers)),
    offered: (answers: Answers = {}) => offeredOptions(runtime, step, scope(answers)).map((o) => o.value),
    selection: (answers: Answers) => selectionFromAnswers(runtime, step, scope(answers)),
    saves: (selection: Selection) => answersFromSelection(step, selection),
    next: (answers: Answers) => {
      const i = nextStepIndex(runtime, runtime.steps.indexOf(step), scope(answers));
      return i === -1 ? 'results' : runtime.steps[i]!.name;
    },
  };
}
