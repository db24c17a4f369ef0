import { createActor, fromPromise } from 'xstate';
import { createFlowMachine, flowStep, type Answers, type FlowEnvironment, type FlowRuntime, type SaveRequest, type SaveResult } from '#engine';

/** Runs a flow machine with a recording save actor; saves resolve at once unless `failSave` says otherwise. */
export function runFlow(
  runtime: FlowRuntime,
  input: { answers?: Answers; route?: string; resume?: boolean } = {},
  options: { failSave?: (r: SaveRequest) => Error | undefined; advance?: number } = {},
) {
  const saves: SaveRequest[] = [];
  const completed: Answers[] = [];
  const machine = createFlowMachine(runtime).provide({
    actors: {
      saveAnswers: fromPromise<SaveResult | void, SaveRequest>(async ({ input: request }) => {
        saves.push(request);
        const error = options.failSave?.(request);
        if (error) throw error;
        return request.step.kind === 'zipcode' ? { facts: { city: 'New York' } } : {};
      }),
      completeFlow: fromPromise<void, { flowId: string; category: string; values: Answers; env: FlowEnvironment }>(async ({ input: request }) => {
        completed.push(request.values);
      }),
    },
    ...(options.advance !== undefined ? { delays: { advance: options.advance } } : {}),
  });
  const actor = createActor(machine, { input: { runtime, ...input } });
  actor.start();
  /** The step on screen by name, or 'results'. */
  const step = () => flowStep(actor.getSnapshot())?.name ?? 'results';
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { actor, saves, completed, step, settle, context: () => actor.getSnapshot().context };
}
