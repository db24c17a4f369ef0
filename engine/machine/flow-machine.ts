import { and, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CompiledStep, SaveMode } from '../compile/compiled-flow.ts';
import type { OptionValue } from '../schema/flow-schema.ts';
import { autoAdvanceKinds, isListKind, savedWhenShownKinds } from '../schema/step-shapes.ts';
import { RATING_SKIP } from '../schema/feedback-values.ts';
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
  /** Every answer of the flow so far, saved or not (a review reads the payment chosen on an earlier step). */
  answers: Answers;
  mode: SaveMode;
  env: FlowEnvironment;
}

/**
 * What a save may bring back: facts for later screens (the city after the zip code), and answers the save made (the
 * new address's pubkey, the placed order and its status), which the next step's rules read.
 */
export interface SaveResult<F extends object = ScreenFacts> {
  facts?: Partial<F>;
  answers?: Answers;
}

export interface FlowMachineInput<F extends object = ScreenFacts> {
  runtime: FlowRuntime;
  /** The shopper's answers so far: saved ones, plus those buffered on the device. */
  answers?: Answers;
  /** The route the shopper opened; the flow starts there when allowed. */
  route?: string;
  /** Resume at the first unanswered step instead (a returning shopper). */
  resume?: boolean;
  facts?: Partial<F>;
}

/**
 * What went wrong, as a code a runner words for its shoppers (the engine writes no shopper-facing text):
 * - answer_required: NEXT on a step that still needs an answer;
 * - next_step_failed: the step after this one could not be worked out (a rule failed); nothing moved;
 * - route_failed: a URL the shopper opened could not be resolved; nothing moved;
 * - save_failed: the save adapter failed; `detail` is the error's own `detail` when it has one (an API error's).
 */
export type FlowProblem =
  { code: 'answer_required' } | { code: 'next_step_failed' } | { code: 'route_failed' } | { code: 'save_failed'; detail?: string; cause?: unknown };

/** The machine's context; `F` is the flow kind's facts, of which saves bring back some (a placed order). */
export interface FlowContext<F extends object = ScreenFacts> {
  runtime: FlowRuntime;
  answers: Answers;
  env: FlowEnvironment;
  facts: Partial<F>;
  /** The step on screen (an index into runtime.steps), or -1 at the results. */
  index: number;
  /** What went wrong, if anything, until the shopper acts again. */
  error: FlowProblem | null;
  /** Leaving the last step replaced the history entry (spec 000 §2.3). */
  replace: boolean;
}

export type FlowEvent<F extends object = ScreenFacts> =
  | { type: 'ANSWER'; selection: Selection }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'GO_TO_ROUTE'; route: string }
  | { type: 'SESSION'; session: FlowEnvironment['session']; user?: FlowEnvironment['user'] }
  | { type: 'FACTS'; facts: Partial<F> };

/** What the complete actor is asked when the results are reached. */
export interface CompleteRequest {
  flowId: string;
  category: string;
  values: Answers;
  env: FlowEnvironment;
}

const scopeOf = (c: FlowContext<object>): RuleScope => ({ answers: c.answers, env: c.env, variants: c.runtime.variants });
const stepAt = (c: FlowContext<object>): CompiledStep => c.runtime.steps[c.index]!;
/** Logs what went wrong in a flow (the runner shows the shopper its problem code's words). */
const logFlowError = (runtime: FlowRuntime, what: string, error: unknown) => console.error(`[flow ${runtime.flow.id}] ${what}`, error);

/** Whether the step still needs an answer before moving on. */
function answerMissing(runtime: FlowRuntime, step: CompiledStep, scope: RuleScope): boolean {
  // A review's answer (the order) is what its save brings back.
  if (step.saveMode === 'none' || step.kind === 'review') return false;
  const selection = selectionFromAnswers(runtime, step, scope);
  // Feedback texts are optional unless the step says otherwise (spec 002 §2.6 public review, text area).
  if (step.kind === 'public-review') return false;
  if (step.kind === 'text') return step.required && (typeof selection !== 'string' || selection.trim() === '');
  // A fragrance rating needs both answers, but a fragrance not used enough (0) has no intensity (spec 002 §4.4).
  if (step.kind === 'fragrance-rating') {
    const picked = selection as Selection<'fragrance-rating'>;
    return picked?.satisfaction === undefined || (picked.satisfaction !== RATING_SKIP && picked.intensity === undefined);
  }
  if (isListKind(step.kind) && 'min' in step) return (selection as OptionValue[]).length < step.min;
  // Every row of a matrix is required (spec 000 §5.1 skincare diet).
  if (step.kind === 'matrix') return step.rows.some((r) => (selection as Record<string, OptionValue>)[r.field] === undefined);
  return selection === undefined;
}

/**
 * Where NEXT leads from the step on screen: the next step whose rule holds, the sign-in step for a visitor who may
 * not go further, or -1 for the results (spec 000 §2.3); null when it cannot be worked out (logged).
 */
function onwardIndex(c: FlowContext<object>): number | null {
  try {
    const next = nextStepIndex(c.runtime, c.index, scopeOf(c));
    return next === -1 ? -1 : guardAccess(c.runtime, next, scopeOf(c));
  } catch (error) {
    logFlowError(c.runtime, `no step after ${stepAt(c).name}`, error);
    return null;
  }
}

/**
 * Builds the XState machine of a flow: a fixed handful of states whatever the flow's length (the step on screen
 * is `context.index`), so building it costs the same for a 5-step feedback flow and a 40-step consultation.
 * NEXT moves to the first later step whose rule holds, else to the results (spec 000 §2.3); single answers wait
 * 300 ms, then save and move on; saving is the `saveAnswers` actor, reaching the results runs `completeFlow`
 * (both supplied by the runner's adapters through `.provide`); an error while choosing the next step is logged and
 * nothing moves; GO_TO_ROUTE follows the URL, never past the sign-in step into non-public steps. Read it through
 * the selectors below (flowStep, flowBusy, flowAtResults, flowProblem), never through state names.
 * @example
 * const actor = createActor(createFlowMachine(runtime).provide({ actors: { saveAnswers } }), { input: { runtime, route } });
 */
export function createFlowMachine<F extends object = ScreenFacts>(runtime: FlowRuntime) {
  // Each GO_TO_ROUTE event's resolution, worked out once for its guard and its action.
  const routeCache = new WeakMap<object, number | null>();
  const routeOf = (c: FlowContext<F>, e: { route: string }): number | null => {
    if (routeCache.has(e)) return routeCache.get(e)!;
    let resolved: number | null;
    try {
      resolved = resolveRoute(c.runtime, e.route, scopeOf(c));
    } catch (error) {
      logFlowError(c.runtime, `cannot open ${e.route}`, error);
      resolved = null;
    }
    routeCache.set(e, resolved);
    return resolved;
  };
  // NEXT's destination, worked out once per event for the guards and the action that follow it.
  const onwardCache = new WeakMap<object, number | null>();
  const onwardOf = (c: FlowContext<F>, e: object): number | null => {
    // After a save, with the answers it brought back (a placed order's status picks the next step).
    const saved = (e as { output?: SaveResult<F> | void }).output?.answers;
    if (!onwardCache.has(e)) onwardCache.set(e, onwardIndex(saved ? { ...c, answers: { ...c.answers, ...saved } } : c));
    return onwardCache.get(e)!;
  };

  const machine = setup({
    types: {} as { context: FlowContext<F>; events: FlowEvent<F>; input: FlowMachineInput<F> },
    delays: { advance: ADVANCE_DELAY_MS },
    actors: {
      saveAnswers: fromPromise<SaveResult<F> | void, SaveRequest>(async () => undefined),
      completeFlow: fromPromise<void, CompleteRequest>(async () => undefined),
    },
    actions: {
      applyAnswer: assign(({ context, event }) => {
        if (event.type !== 'ANSWER') return {};
        const values = answersFromSelection(stepAt(context), event.selection, context.env);
        return { answers: { ...context.answers, ...values }, error: null };
      }),
      setSession: assign(({ context, event }) => {
        if (event.type !== 'SESSION') return {};
        return { env: { ...context.env, session: event.session, user: event.user ?? context.env.user } };
      }),
      setFacts: assign(({ context, event }) => (event.type === 'FACTS' ? { facts: { ...context.facts, ...event.facts } } : {})),
      keepShownValues: assign(({ context }) => ({ answers: { ...context.answers, ...saveValues(context, stepAt(context)) } })),
      keepSaveResult: assign(({ context, event }) => {
        const output = (event as { output?: SaveResult<F> | void }).output;
        return { facts: { ...context.facts, ...output?.facts }, answers: { ...context.answers, ...output?.answers } };
      }),
      problem: assign((_, params: { code: 'answer_required' | 'next_step_failed' | 'route_failed' }) => ({ error: { code: params.code } })),
      saveProblem: assign(({ event }) => {
        const cause = (event as { error?: unknown }).error;
        const detail = cause && typeof cause === 'object' && 'detail' in cause ? String((cause as { detail: unknown }).detail) : undefined;
        return { error: { code: 'save_failed' as const, detail, cause } };
      }),
      /** Moves on to where NEXT leads, noting whether the step left replaces its history entry. */
      moveOn: assign(({ context, event }) => ({ index: onwardOf(context, event) ?? context.index, replace: stepAt(context).replaceHistory, error: null })),
      moveBack: assign(({ context }) => ({
        index: previousStepIndex(context.runtime, context.index === -1 ? context.runtime.steps.length : context.index, scopeOf(context)),
        error: null,
      })),
      followRoute: assign(({ context, event }) => (event.type === 'GO_TO_ROUTE' ? { index: routeOf(context, event) ?? context.index, error: null } : {})),
      logError: ({ context, event }, params: { what: string }) => {
        logFlowError(context.runtime, params.what, (event as { error?: unknown }).error ?? '');
      },
    },
    guards: {
      atResults: ({ context }) => context.index === -1,
      answerMissing: ({ context }) => answerMissing(context.runtime, stepAt(context), scopeOf(context)),
      // A step saved when it showed (a results screen) is not saved again on NEXT: a completed feedback is final.
      skipsSave: ({ context }) => stepAt(context).saveMode === 'none' || shownAndSaved(context),
      savesWhenShown: ({ context }) => {
        const step = stepAt(context);
        return savedWhenShownKinds.has(step.kind) && step.saveMode === 'answers' && context.error === null && !shownAndSaved(context);
      },
      autoAdvances: ({ context }) => autoAdvanceKinds.has(stepAt(context).kind),
      waitsForFollowUp: ({ context, event }) => {
        const step = stepAt(context);
        if (event.type !== 'ANSWER' || !('followUp' in step) || !step.followUp) return false;
        const { followUp } = step;
        return followUp.on.includes(event.selection as OptionValue) && (!followUp.when || context.runtime.guard(followUp.when)(scopeOf(context)));
      },
      nextStepFails: ({ context, event }) => onwardOf(context, event) === null,
      leadsToResults: ({ context, event }) => onwardOf(context, event) === -1,
      canGoBack: ({ context }) =>
        previousStepIndex(context.runtime, context.index === -1 ? context.runtime.steps.length : context.index, scopeOf(context)) !== -1,
      routeFails: ({ context, event }) => event.type === 'GO_TO_ROUTE' && routeOf(context, event) === null,
      routesToResults: ({ context, event }) => event.type === 'GO_TO_ROUTE' && routeOf(context, event) === -1,
    },
  });

  // From a step, where NEXT (or a finished save) leads: an error stays put, else the next step or the results.
  const nextStepFails = { code: 'next_step_failed' as const };

  return machine.createMachine({
    id: `flow-${runtime.flow.id}`,
    context: ({ input }) => {
      const context: FlowContext<F> = {
        runtime: input.runtime,
        answers: input.answers ?? {},
        env: input.runtime.env,
        facts: input.facts ?? {},
        index: 0,
        error: null,
        replace: false,
      };
      const scope = scopeOf(context);
      try {
        const unanswered = input.resume ? firstUnansweredIndex(input.runtime, scope) : -2;
        context.index = unanswered !== -2 ? unanswered : resolveRoute(input.runtime, input.route ?? input.runtime.flow.routes.base, scope);
      } catch (error) {
        logFlowError(input.runtime, 'no start', error);
        context.index = 0;
      }
      return context;
    },
    initial: 'starting',
    on: {
      GO_TO_ROUTE: [
        { guard: 'routeFails', actions: [{ type: 'problem', params: { code: 'route_failed' } }] },
        { guard: 'routesToResults', target: '#results', actions: 'followRoute' },
        { target: '#step', reenter: true, actions: 'followRoute' },
      ],
      SESSION: { actions: 'setSession' },
      FACTS: { actions: 'setFacts' },
    },
    states: {
      starting: {
        always: [{ guard: 'atResults', target: 'results' }, { target: 'step' }],
      },
      step: {
        id: 'step',
        initial: 'ready',
        on: {
          ANSWER: [
            { guard: 'waitsForFollowUp', target: '.ready', actions: 'applyAnswer' },
            { guard: 'autoAdvances', target: '.waiting', actions: 'applyAnswer' },
            { actions: 'applyAnswer' },
          ],
          NEXT: [
            { guard: 'answerMissing', target: '.ready', actions: [{ type: 'problem', params: { code: 'answer_required' } }] },
            // A step that saves nothing moves on at once.
            { guard: and(['skipsSave', 'nextStepFails']), target: '.ready', actions: [{ type: 'problem', params: nextStepFails }] },
            { guard: and(['skipsSave', 'leadsToResults']), target: '#results', actions: 'moveOn' },
            { guard: 'skipsSave', target: '#step', reenter: true, actions: 'moveOn' },
            { target: '.saving' },
          ],
          BACK: { guard: 'canGoBack', target: '#step', reenter: true, actions: 'moveBack' },
        },
        states: {
          // A step saved as it shows (spec 002 §2.7: a results screen completes the feedback), once; the shopper stays.
          // After a failed save it waits for the shopper's button, which saves it before moving on.
          ready: { always: { guard: 'savesWhenShown', target: 'recording' } },
          recording: {
            on: { NEXT: {} },
            invoke: {
              src: 'saveAnswers',
              input: ({ context }) => saveRequest(context),
              onDone: { target: 'ready', actions: ['keepSaveResult', 'keepShownValues'] },
              onError: { target: 'ready', actions: [{ type: 'logError', params: { what: 'save failed' } }, 'saveProblem'] },
            },
          },
          waiting: { after: { advance: 'saving' } },
          saving: {
            invoke: {
              src: 'saveAnswers',
              input: ({ context }) => saveRequest(context),
              onDone: [
                { guard: 'nextStepFails', target: 'ready', actions: ['keepSaveResult', { type: 'problem', params: nextStepFails }] },
                { guard: 'leadsToResults', target: '#results', actions: ['keepSaveResult', 'moveOn'] },
                { target: '#step', reenter: true, actions: ['keepSaveResult', 'moveOn'] },
              ],
              onError: { target: 'ready', actions: [{ type: 'logError', params: { what: 'save failed' } }, 'saveProblem'] },
            },
          },
        },
      },
      results: {
        id: 'results',
        initial: 'completing',
        on: {
          BACK: { guard: 'canGoBack', target: '#step', actions: 'moveBack' },
        },
        states: {
          completing: {
            invoke: {
              src: 'completeFlow',
              input: ({ context }): CompleteRequest => ({
                flowId: context.runtime.flow.id,
                category: context.runtime.flow.category,
                values: context.runtime.flow.onComplete ?? {},
                env: context.env,
              }),
              onDone: 'completed',
              onError: { target: 'completed', actions: [{ type: 'logError', params: { what: 'completion failed' } }] },
            },
          },
          completed: {},
        },
      },
    },
  });
}

/** What the save actor is asked for the step on screen. */
function saveRequest<F extends object>(context: FlowContext<F>): SaveRequest {
  const step = stepAt(context);
  return {
    flowId: context.runtime.flow.id,
    category: context.runtime.flow.category,
    step,
    values: saveValues(context, step),
    answers: context.answers,
    mode: step.saveMode,
    env: context.env,
  };
}

/** Whether a step saved as it shows (a results screen) holds its answers already: it is saved once. */
function shownAndSaved(context: FlowContext<object>): boolean {
  const step = stepAt(context);
  if (!savedWhenShownKinds.has(step.kind)) return false;
  return Object.entries(saveValues(context, step)).every(([field, value]) => context.answers[field] === value);
}

/** The values a step saves: what its selection writes, plus saved derived fields that read them. */
export function saveValues(context: FlowContext<object>, step: CompiledStep): Answers {
  const scope = scopeOf(context);
  const written = answersFromSelection(step, selectionFromAnswers(context.runtime, step, scope), context.env);
  return { ...written, ...derivedWrites(context.runtime.flow.derived, context.answers, written) };
}

export type FlowMachine<F extends object = ScreenFacts> = ReturnType<typeof createFlowMachine<F>>;
export type FlowActor<F extends object = ScreenFacts> = ActorRefFrom<FlowMachine<F>>;
export type FlowSnapshot<F extends object = ScreenFacts> = SnapshotFrom<FlowMachine<F>>;

// What a runner reads of a flow's snapshot (it never reads state names).

/** The step on screen, or null at the results. */
export function flowStep<F extends object>(snapshot: FlowSnapshot<F>): CompiledStep | null {
  const { index, runtime } = snapshot.context;
  return snapshot.matches('results') || index === -1 ? null : (runtime.steps[index] ?? null);
}

/** True at the results (the flow is complete, or completing). */
export function flowAtResults<F extends object>(snapshot: FlowSnapshot<F>): boolean {
  return snapshot.matches('results');
}

/** True while an answer waits to be saved or is being saved: the step's controls are busy. */
export function flowBusy<F extends object>(snapshot: FlowSnapshot<F>): boolean {
  return snapshot.matches({ step: 'waiting' }) || snapshot.matches({ step: 'saving' }) || snapshot.matches({ step: 'recording' });
}

/** What went wrong on this step, as a code, or null. */
export function flowProblem<F extends object>(snapshot: FlowSnapshot<F>): FlowProblem | null {
  return snapshot.context.error;
}
