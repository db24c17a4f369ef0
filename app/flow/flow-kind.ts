import type { ReactNode } from 'react';
import type {
  Answers,
  CompiledFlow,
  CompiledStep,
  CompleteRequest,
  FlowDefinition,
  FlowEnvironment,
  FlowProblem,
  FlowRuntime,
  SaveRequest,
  SaveResult,
  StepKind,
} from '#engine';
import type { StepComponentTable, StepFacts } from '../../renderer/index';

/** Where a flow stands, for the adapters that follow it; `F` is the flow kind's facts. */
export interface FlowState<F extends StepFacts> {
  runtime: FlowRuntime;
  /** The step on screen, or null at the results. */
  step: CompiledStep | null;
  answers: Answers;
  env: FlowEnvironment;
  /** The facts the flow's saves brought back (the consultation's city, a checkout's placed order). */
  facts: Partial<F>;
}

/**
 * What a flow kind does with its flow on one page (app/flow/README.md): where answers are saved and completion
 * recorded, the facts its steps read, what follows the shopper's progress, and its results screen. `save`,
 * `complete` and `missingFacts` are plain functions; `useFacts` and `useExit` are hooks called on every render.
 */
export interface FlowAdapters<F extends StepFacts> {
  /** Saves one step's answers, forms included; may bring back answers and facts for later screens. */
  save(request: SaveRequest): Promise<SaveResult<F> | void>;
  /** Told of each answer as it is given, before any save (to fetch what saving needs while the shopper reads). */
  onAnswer?(): void;
  /** Records that the results were reached (the consultation's completed status; a checkout's account read again). */
  complete(request: CompleteRequest): Promise<void>;
  /** Facts a step needs when it opens without them (after a reload), or undefined when it needs none. */
  missingFacts?(step: CompiledStep, facts: Partial<F>): Promise<Partial<F> | undefined> | undefined;
  /** The facts the kind's steps read, from where the flow stands (a hook: the same one for the life of the page). */
  useFacts(state: FlowState<F>): F;
  /** Follows the shopper's progress to catch them leaving (the consultation's exit capture); a hook. */
  useExit?(state: FlowState<F>): void;
  /** The screen at the flow's results route. */
  results(state: FlowState<F> & { step: null }): ReactNode;
}

/**
 * A flow kind, declared once in its own folder: its flows, a component for each step kind they may use (its step
 * families, engine/schema/steps/), and its words. Its page adds the adapters and runs `FlowRunner`.
 */
export interface FlowKind<F extends StepFacts, K extends StepKind> {
  /** The flows' `kind`. */
  name: FlowDefinition['kind'];
  /** Its compiled flows by category, each loaded when opened. */
  flows: Readonly<Record<string, () => Promise<CompiledFlow>>>;
  /** The component of each step kind its flows may use (its step families' tables spread together). */
  components: StepComponentTable<K, F>;
  /** Loads every step kind's code (once the shopper starts answering). */
  preload(): Promise<unknown>;
  /** Its words while a step's texts load, while the results' load, and when a part of the flow cannot be loaded. */
  words: { loadingStep: string; loadingResults: string; loadFailed: string };
  /** When the next step cannot be worked out, go to the flow's `routes.fallback` instead of staying (feedback, spec 002 §2.8). */
  leaveOnNextStepError?: boolean;
  /** What shows under a step for a problem, given the runner's words for it (undefined: nothing; a form shows its own). */
  problemText?(problem: FlowProblem, standard: string | undefined): string | undefined;
}
