import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CompiledStep, SaveMode } from '../compile/compiled-flow.ts';
import type { OptionValue } from '../schema/flow-schema.ts';
import { autoAdvanceKinds, isListKind } from '../schema/step-shapes.ts';
import type { RuleScope } from '../rules/evaluate-rule.ts';
import { derivedWrites } from '../runtime/derive.ts';
import type { FlowRuntime } from '../runtime/flow-runtime.ts';
import { firstUnansweredIndex, guardAccess, nextStepIndex, previousStepIndex, resolveRoute } from '../runtime/navigation.ts';
import { answersFromSelection, selectionFromAnswers } from '../runtime/step-answers.ts';
import type { ScreenFacts } from '../runtime/describe-step.ts';
import type { Answers, FlowEnvironment, Selection } from '../runtime/types.ts';

/** How long a single-choice answer waits before it is saved and the flow moves on (spec 000 §2.3, §9). */
export const ADVANCE_DELAY_MS = 300;

/** What the save actor is asked to do for one step. */
export interface SaveRequest {
  flowId: string;
  category: string;
  step: CompiledStep;
  /** The fields to save, derived fields included (spec 000 §5.2). */
  values: Answers;
  mode: SaveMode;
  env: FlowEnvironment;
}

/** What a save may bring back: facts for later screens (the city after the zip code). */
export interface SaveResult {
  facts?: ScreenFacts;
}

export interface FlowMachineInput {
  runtime: FlowRuntime;
  /** The shopper's answers so far: saved ones, plus those buffered on the device. */
  answers?: Answers;
  /** The route the shopper opened; the flow starts there when allowed. */
  route?: string;
  /** Resume at the first unanswered step instead (a returning shopper). */
  resume?: boolean;
  facts?: ScreenFacts;
}

export interface FlowContext {
  runtime: FlowRuntime;
  answers: Answers;
  env: FlowEnvironment;
  facts: ScreenFacts;
  /** What the shopper sees as the problem, if anything went wrong. */
  error: string | null;
  /** Where the flow starts (resolved once from the input). */
  start: number;
  /** Leaving the last step replaced the history entry (spec 000 §2.3). */
  replace: boolean;
}

export type FlowEvent =
  | { type: 'ANSWER'; selection: Selection }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'GO_TO_ROUTE'; route: string }
  | { type: 'SESSION'; session: FlowEnvironment['session']; user?: FlowEnvironment['user'] }
  | { type: 'FACTS'; facts: ScreenFacts };

const stateKey = (step: CompiledStep) => `step:${step.name}`;
const scopeOf = (c: FlowContext): RuleScope => ({ answers: c.answers, env: c.env, variants: c.runtime.variants });
const routeCache = new WeakMap<object, number>();

/** Friendly words for a failure the shopper cannot fix by changing an answer. */
const SOMETHING_WRONG = 'Something went wrong. Please try again.';

/** A step shown whatever the answers: no rule, and (for a choice) options that do not depend on them. */
function alwaysShown(step: CompiledStep): boolean {
  if (step.when) return false;
  if (!('options' in step) || step.kind === 'boolean') return true;
  return !step.optionCases && step.options.some((o) => !o.retired && !o.when);
}

/** Whether the step still needs an answer before moving on. */
function answerMissing(runtime: FlowRuntime, step: CompiledStep, scope: RuleScope): boolean {
  if (step.saveMode === 'none') return false;
  const selection = selectionFromAnswers(runtime, step, scope);
  if (isListKind(step.kind) && 'min' in step) return (selection as OptionValue[]).length < step.min;
  // Every row of a matrix is required (spec 000 §5.1 skincare diet).
  if (step.kind === 'matrix') return step.rows.some((r) => (selection as Record<string, OptionValue>)[r.field] === undefined);
  return selection === undefined;
}

/**
 * Builds the XState machine of a flow: one state per step, in the order the variants give. NEXT
 * moves to the first later step whose rule holds, else to the results (spec 000 §2.3); single
 * answers wait 300 ms, then save and move on; saving is the `saveAnswers` actor; any error while
 * choosing the next step is logged and nothing moves; GO_TO_ROUTE follows the URL, never past the
 * sign-in step into non-public steps.
 * @example
 * const actor = createActor(createFlowMachine(runtime).provide({ actors: { saveAnswers } }), { input: { runtime, route } });
 */
export function createFlowMachine(runtime: FlowRuntime) {
  const steps = runtime.steps;
  const target = (i: number) => (i === -1 ? '#results' : `#${stateKey(steps[i]!)}`);
  const routeOf = (c: FlowContext, e: { route: string }) => {
    let resolved = routeCache.get(e);
    if (resolved === undefined) {
      resolved = resolveRoute(c.runtime, e.route, scopeOf(c));
      routeCache.set(e, resolved);
    }
    return resolved;
  };

  const machine = setup({
    types: {} as { context: FlowContext; events: FlowEvent; input: FlowMachineInput },
    delays: { advance: ADVANCE_DELAY_MS },
    actors: {
      saveAnswers: fromPromise<SaveResult | void, SaveRequest>(async () => undefined),
      completeFlow: fromPromise<void, { flowId: string; category: string; values: Answers; env: FlowEnvironment }>(async () => undefined),
    },
    actions: {
      applyAnswer: assign(({ context, event }, params: { index: number }) => {
        if (event.type !== 'ANSWER') return {};
        const values = answersFromSelection(steps[params.index]!, event.selection);
        return { answers: { ...context.answers, ...values }, error: null };
      }),
      setSession: assign(({ context, event }) => {
        if (event.type !== 'SESSION') return {};
        return { env: { ...context.env, session: event.session, user: event.user ?? context.env.user } };
      }),
      setFacts: assign(({ context, event }) => (event.type === 'FACTS' ? { facts: { ...context.facts, ...event.facts } } : {})),
      keepSaveResult: assign(({ context, event }) => {
        const output = (event as { output?: SaveResult | void }).output;
        return output?.facts ? { facts: { ...context.facts, ...output.facts } } : {};
      }),
      showError: assign((_, params: { message: string }) => ({ error: params.message })),
      showSaveError: assign(({ event }) => {
        const error = (event as { error?: unknown }).error;
        const detail = error && typeof error === 'object' && 'detail' in error ? String((error as { detail: unknown }).detail) : undefined;
        return { error: detail ?? SOMETHING_WRONG };
      }),
      noteLeaving: assign((_, params: { replace: boolean }) => ({ replace: params.replace, error: null })),
      logError: ({ context, event }, params: { what: string }) => {
        console.error(`[flow ${context.runtime.flow.id}] ${params.what}`, (event as { error?: unknown }).error ?? '');
      },
    },
    guards: {
      included: ({ context }, params: { index: number }) => context.runtime.isIncluded(steps[params.index]!, scopeOf(context)),
      enters: ({ context }, params: { from: number; index: number }) => {
        const next = nextStepIndex(context.runtime, params.from, scopeOf(context));
        return next !== -1 && guardAccess(context.runtime, next, scopeOf(context)) === params.index;
      },
      returnsTo: ({ context }, params: { from: number; index: number }) =>
        previousStepIndex(context.runtime, params.from, scopeOf(context)) === params.index,
      nextStepFails: ({ context }, params: { from: number }) => {
        try {
          const next = nextStepIndex(context.runtime, params.from, scopeOf(context));
          if (next !== -1) guardAccess(context.runtime, next, scopeOf(context));
          return false;
        } catch (error) {
          console.error(`[flow ${context.runtime.flow.id}] could not work out the step after "${steps[params.from]!.name}"`, error);
          return true;
        }
      },
      answerMissing: ({ context }, params: { index: number }) => answerMissing(context.runtime, steps[params.index]!, scopeOf(context)),
      waitsForFollowUp: ({ context, event }, params: { index: number }) => {
        const step = steps[params.index]!;
        if (event.type !== 'ANSWER' || !('followUp' in step) || !step.followUp) return false;
        const { followUp } = step;
        return followUp.on.includes(event.selection as OptionValue) && (!followUp.when || context.runtime.guard(followUp.when)(scopeOf(context)));
      },
      routeFails: ({ context, event }) => {
        if (event.type !== 'GO_TO_ROUTE') return false;
        try {
          routeOf(context, event);
          return false;
        } catch (error) {
          console.error(`[flow ${context.runtime.flow.id}] could not open ${event.route}`, error);
          return true;
        }
      },
      routesTo: ({ context, event }, params: { index: number }) => event.type === 'GO_TO_ROUTE' && routeOf(context, event) === params.index,
      startsAt: ({ context }, params: { index: number }) => context.start === params.index,
    },
  });

  // Only steps up to the next one that is always shown can follow a step (or precede it, going back):
  // listing just those keeps the machine small (and quick to build on a phone).
  const forwardFrom = (from: number) => {
    const out: number[] = [];
    for (let i = from + 1; i < steps.length; i++) {
      out.push(i);
      if (alwaysShown(steps[i]!)) break;
    }
    return out;
  };
  const backwardFrom = (from: number) => {
    const out: number[] = [];
    for (let i = from - 1; i >= 0; i--) {
      out.push(i);
      if (alwaysShown(steps[i]!)) break;
    }
    return out;
  };
  const signinSteps = steps.flatMap((s, i) => (s.kind === 'signin' ? [i] : []));

  // From step `from`, the transitions that move on: an error stays put, else the first shown step (or the
  // sign-in step, for a visitor who may not go further), else the results.
  const onwards = (from: number, stay: string | undefined, leaving: { replace: boolean }) => [
    { guard: { type: 'nextStepFails' as const, params: { from } }, ...(stay ? { target: stay } : {}), actions: [{ type: 'showError' as const, params: { message: SOMETHING_WRONG } }] },
    ...[...new Set([...forwardFrom(from), ...signinSteps])].map((index) => ({
      guard: { type: 'enters' as const, params: { from, index } },
      target: target(index),
      actions: [{ type: 'noteLeaving' as const, params: leaving }],
    })),
    { target: '#results', actions: [{ type: 'noteLeaving' as const, params: leaving }] },
  ];

  const stepStates = Object.fromEntries(
    steps.map((step, index) => {
      const leaving = { replace: step.replaceHistory };
      const answer = autoAdvanceKinds.has(step.kind)
        ? [
            { guard: { type: 'waitsForFollowUp' as const, params: { index } }, target: '.ready', actions: [{ type: 'applyAnswer' as const, params: { index } }] },
            { target: '.waiting', actions: [{ type: 'applyAnswer' as const, params: { index } }] },
          ]
        : [{ actions: [{ type: 'applyAnswer' as const, params: { index } }] }];
      const submit = [
        { guard: { type: 'answerMissing' as const, params: { index } }, target: '.ready', actions: [{ type: 'showError' as const, params: { message: 'Please choose an answer to continue.' } }] },
        step.saveMode === 'none' ? onwards(index, '.ready', leaving) : { target: '.saving' },
      ].flat();
      const back = backwardFrom(index).map((i) => ({ guard: { type: 'returnsTo' as const, params: { from: index, index: i } }, target: target(i) }));
      return [
        stateKey(step),
        {
          id: stateKey(step),
          meta: { step: step.name, route: step.route },
          initial: 'ready',
          on: { ANSWER: answer, NEXT: submit, BACK: back },
          states: {
            ready: {},
            waiting: { after: { advance: 'saving' } },
            saving: {
              invoke: {
                src: 'saveAnswers' as const,
                input: ({ context }: { context: FlowContext }): SaveRequest => ({
                  flowId: context.runtime.flow.id,
                  category: context.runtime.flow.category,
                  step,
                  values: saveValues(context, step),
                  mode: step.saveMode,
                  env: context.env,
                }),
                onDone: onwards(index, 'ready', leaving).map((t) => ({ ...t, actions: [{ type: 'keepSaveResult' as const }, ...t.actions] })),
                onError: { target: 'ready', actions: [{ type: 'logError' as const, params: { what: `saving "${step.name}" failed` } }, { type: 'showSaveError' as const }] },
              },
            },
          },
        },
      ];
    }),
  );

  return machine.createMachine({
    id: `flow-${runtime.flow.id}`,
    context: ({ input }) => {
      const context: FlowContext = {
        runtime: input.runtime,
        answers: input.answers ?? {},
        env: input.runtime.env,
        facts: input.facts ?? {},
        error: null,
        start: 0,
        replace: false,
      };
      const scope = scopeOf(context);
      try {
        const unanswered = input.resume ? firstUnansweredIndex(input.runtime, scope) : -2;
        context.start = unanswered !== -2 ? unanswered : resolveRoute(input.runtime, input.route ?? input.runtime.flow.routes.base, scope);
      } catch (error) {
        console.error(`[flow ${input.runtime.flow.id}] could not work out where to start`, error);
        context.start = 0;
      }
      return context;
    },
    initial: 'starting',
    on: {
      GO_TO_ROUTE: [
        { guard: 'routeFails', actions: [{ type: 'showError', params: { message: SOMETHING_WRONG } }] },
        ...steps.map((_, index) => ({ guard: { type: 'routesTo' as const, params: { index } }, target: target(index) })),
        { target: '#results' },
      ],
      SESSION: { actions: 'setSession' },
      FACTS: { actions: 'setFacts' },
    },
    states: {
      starting: {
        always: [...steps.map((_, index) => ({ guard: { type: 'startsAt' as const, params: { index } }, target: target(index) })), { target: '#results' }],
      },
      ...stepStates,
      results: {
        id: 'results',
        initial: 'completing',
        on: {
          BACK: backwardFrom(steps.length).map((i) => ({ guard: { type: 'returnsTo' as const, params: { from: steps.length, index: i } }, target: target(i) })),
        },
        states: {
          completing: {
            invoke: {
              src: 'completeFlow',
              input: ({ context }) => ({
                flowId: context.runtime.flow.id,
                category: context.runtime.flow.category,
                values: context.runtime.flow.onComplete ?? {},
                env: context.env,
              }),
              onDone: 'completed',
              onError: { target: 'completed', actions: [{ type: 'logError', params: { what: 'marking the consultation completed failed' } }] },
            },
          },
          completed: {},
        },
      },
    },
  });
}

/** The values a step saves: what its selection writes, plus saved derived fields that read them. */
export function saveValues(context: FlowContext, step: CompiledStep): Answers {
  const scope = scopeOf(context);
  const written = answersFromSelection(step, selectionFromAnswers(context.runtime, step, scope));
  return { ...written, ...derivedWrites(context.runtime.flow.derived, context.answers, written) };
}

export type FlowMachine = ReturnType<typeof createFlowMachine>;
export type FlowActor = ActorRefFrom<FlowMachine>;
export type FlowSnapshot = SnapshotFrom<FlowMachine>;
