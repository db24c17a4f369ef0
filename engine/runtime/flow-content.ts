import type { CompiledFlow, CompiledOption, CompiledStep } from '../compile/compiled-flow.ts';

/**
 * A flow's words and pictures can travel apart from its logic: the browser first gets what it needs
 * to route and check answers, then the texts of the part the shopper is in, and the rest once they
 * start answering (a first visit downloads less). Flows loaded whole are always ready.
 */

/** What a step shows, as opposed to how it behaves. */
const stepKeys = ['title', 'subtitle', 'body', 'button', 'tip', 'image', 'eyebrow', 'terms', 'resumeLink', 'label', 'followUp', 'textCases'] as const;
const optionKeys = ['label', 'description', 'image', 'notes', 'intensity'] as const;

/** The words and pictures of one step: step keys, and each option's by list (options, then each option case's). */
export interface StepContent {
  step: Record<string, unknown>;
  options: Record<string, unknown>[][];
}

/** One chunk of content: the steps of one section, by step name. */
export type ContentChunk = Record<string, StepContent>;

type Lists = CompiledOption[][];
const optionLists = (step: CompiledStep): Lists => ('options' in step ? [step.options, ...(step.optionCases ?? []).map((c) => c.options)] : []);

/**
 * Splits a compiled flow into its logic and its content, one chunk per section (in file order; a
 * placed step stays with the section it is written in). Node side: the flows Vite plugin uses it.
 * @example const { logic, chunks } = splitFlowContent(flow); chunks['hair-scalp'].length
 */
export function splitFlowContent(flow: CompiledFlow): { logic: CompiledFlow; chunks: Record<string, ContentChunk> } {
  const logic = structuredClone(flow);
  const chunks: Record<string, ContentChunk> = {};
  for (const step of logic.steps) {
    const holder = step as unknown as Record<string, unknown>;
    const content: StepContent = { step: {}, options: [] };
    for (const key of stepKeys) {
      if (key in holder) {
        content.step[key] = holder[key];
        delete holder[key];
      }
    }
    content.options = optionLists(step).map((list) =>
      list.map((option) => {
        const words: Record<string, unknown> = {};
        const o = option as unknown as Record<string, unknown>;
        for (const key of optionKeys) {
          if (key in o) {
            words[key] = o[key];
            delete o[key];
          }
        }
        // Until the words arrive the option has no label: nothing draws a step before contentReady says so.
        return words;
      }),
    );
    (chunks[step.section] ??= {})[step.name] = content;
  }
  return { logic, chunks };
}

interface ContentState {
  loaders: Record<string, () => Promise<ContentChunk>>;
  /** Which chunk holds each step. */
  chunkOf: Map<string, string>;
  loaded: Map<string, Promise<void>>;
  done: Set<string>;
  /** Step lists holding copies of the flow's steps (a runtime's placed steps): words reach them too. */
  views: Set<CompiledStep[]>;
}

const states = new WeakMap<CompiledFlow, ContentState>();

/**
 * A flow whose content arrives later, chunk by chunk (the flows Vite plugin's `?split` modules).
 * @example export default withContent(logic, { 'hair-scalp': () => import('./haircare.yaml?content=hair-scalp') })
 */
export function withContent(
  logic: CompiledFlow,
  loaders: Record<string, () => Promise<{ default: ContentChunk } | ContentChunk>>,
  chunkOf: Record<string, string>,
): CompiledFlow {
  states.set(logic, {
    loaders: Object.fromEntries(
      Object.entries(loaders).map(([name, load]) => [
        name,
        () => load().then((m) => ('default' in m && typeof m.default === 'object' ? (m.default as ContentChunk) : (m as ContentChunk))),
      ]),
    ),
    chunkOf: new Map(Object.entries(chunkOf)),
    loaded: new Map(),
    done: new Set(),
    views: new Set(),
  });
  return logic;
}

function merge(flow: CompiledFlow, state: ContentState, chunk: ContentChunk): void {
  for (const step of flow.steps) {
    const content = chunk[step.name];
    if (!content) continue;
    Object.assign(step, content.step);
    optionLists(step).forEach((list, i) => list.forEach((option, j) => Object.assign(option, content.options[i]?.[j])));
  }
  // Copies share their options with the original; only their own step-level words need setting.
  for (const steps of state.views) {
    for (const step of steps) {
      const content = chunk[step.name];
      if (content) Object.assign(step, content.step);
    }
  }
}

/**
 * Lets the words of a flow whose content arrives later reach a list of copies of its steps (the runtime
 * copies the steps it moves for a variant); nothing to do for a flow loaded whole.
 */
export function shareContent(flow: CompiledFlow, steps: CompiledStep[]): void {
  states.get(flow)?.views.add(steps);
}

/** Whether the words of a step, or without one of every step, are there (always, for a flow loaded whole). */
export function contentReady(flow: CompiledFlow, stepName?: string): boolean {
  const state = states.get(flow);
  if (!state) return true;
  if (stepName === undefined) return Object.keys(state.loaders).every((chunk) => state.done.has(chunk));
  const chunk = state.chunkOf.get(stepName);
  return chunk === undefined || state.done.has(chunk);
}

function loadChunk(flow: CompiledFlow, state: ContentState, chunk: string): Promise<void> {
  let pending = state.loaded.get(chunk);
  if (!pending) {
    pending = state.loaders[chunk]!().then(
      (content) => {
        merge(flow, state, content);
        state.done.add(chunk);
      },
      (error: unknown) => {
        state.loaded.delete(chunk); // a later attempt may succeed (a flaky network)
        throw error;
      },
    );
    state.loaded.set(chunk, pending);
  }
  return pending;
}

/** Loads the words of the part of the flow a step is in (resolves at once when they are there). */
export function loadContent(flow: CompiledFlow, stepName: string): Promise<void> {
  const state = states.get(flow);
  const chunk = state?.chunkOf.get(stepName);
  if (!state || chunk === undefined || state.done.has(chunk)) return Promise.resolve();
  return loadChunk(flow, state, chunk);
}

/** Loads every part's words (in the background, once the shopper is answering; before an exit modal). */
export function loadAllContent(flow: CompiledFlow): Promise<void> {
  const state = states.get(flow);
  if (!state) return Promise.resolve();
  return Promise.all(Object.keys(state.loaders).map((chunk) => loadChunk(flow, state, chunk))).then(() => undefined);
}
