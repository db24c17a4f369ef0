import type { CompiledFlow, CompiledStep } from '../compile/compiled-flow.ts';

/**
 * A flow's words and pictures can travel apart from its logic: the browser first gets what it needs
 * to route and check answers, then the texts of the part the shopper is in, and the rest once they
 * start answering (a first visit downloads less). Flows loaded whole are always ready.
 */

/**
 * Where a step's words and pictures are, as opposed to how it behaves: `words` are keys that move to the content whole;
 * `parts` are keys holding an object, or a list of objects (one content entry each), with words of their own.
 */
interface ContentShape {
  words: readonly string[];
  parts?: Record<string, ContentShape>;
}

const optionShape: ContentShape = { words: ['label', 'description', 'image', 'notes', 'intensity'] };
const stepShape: ContentShape = {
  words: [
    'title',
    'subtitle',
    'body',
    'button',
    'tip',
    'image',
    'eyebrow',
    'terms',
    'resumeLink',
    'label',
    'followUp',
    'textCases',
    // Feedback (spec 002 §2.6): the review's and the fragrance rating's labels, a text's placeholder, the results' headings
    // and the names of their topics (§2.7: "Scalp comfort"; the summary reads them at the results, words loaded).
    'topics',
    'skip',
    'publicLabel',
    'internalLabel',
    'satisfactionLabel',
    'intensityLabel',
    'placeholder',
    'headings',
  ],
  parts: {
    options: optionShape,
    // An option case's tip (hair styles: "Why we ask") and its options' words.
    optionCases: { words: ['tip'], parts: { options: optionShape } },
    // Multi-select group headings and a matrix's row labels.
    groups: { words: ['label'] },
    rows: { words: ['label'] },
    // A ranked step's sentences (its source and product are logic).
    ranking: { words: ['top', 'notRecommended', 'reasons', 'reasonText'] },
    // A fragrance rating's two scales; the supplement phases' names (their field is logic).
    satisfactionOptions: optionShape,
    intensityOptions: optionShape,
    phases: { words: ['labels'] },
  },
};

/**
 * The words of one step, in the shape of the step: its word keys, and for each part with words, the part's own (a
 * list's entry by position, `{}` for an item without words). Merged back onto the logic key by key.
 */
export type StepContent = Record<string, unknown>;

/** One chunk of content: the steps of one section, by step name. */
export type ContentChunk = Record<string, StepContent>;

type Holder = Record<string, unknown>;
const isObject = (value: unknown): value is Holder => typeof value === 'object' && value !== null;

/** Moves the words of `holder` (by `shape`) into the returned content; undefined when it has none. */
function takeWords(holder: Holder, shape: ContentShape): Holder | undefined {
  const content: Holder = {};
  for (const key of shape.words) {
    if (key in holder) {
      content[key] = holder[key];
      delete holder[key];
    }
  }
  for (const [key, part] of Object.entries(shape.parts ?? {})) {
    const value = holder[key];
    if (Array.isArray(value)) {
      const items = value.map((item: unknown) => (isObject(item) ? takeWords(item, part) : undefined));
      if (items.some(Boolean)) content[key] = items.map((item) => item ?? {});
    } else if (isObject(value)) {
      const words = takeWords(value, part);
      if (words) content[key] = words;
    }
  }
  return Object.keys(content).length > 0 ? content : undefined;
}

/** Lays content back onto what it was taken from: words where the logic has nothing, parts into the logic's own. */
function putWords(holder: Holder, content: Holder): void {
  for (const [key, value] of Object.entries(content)) {
    const own = holder[key];
    if (Array.isArray(value) && Array.isArray(own)) value.forEach((item, i) => isObject(own[i]) && putWords(own[i] as Holder, item as Holder));
    else if (isObject(value) && isObject(own) && !Array.isArray(value)) putWords(own, value);
    else holder[key] = value;
  }
}

/**
 * Splits a compiled flow into its logic and its content, one chunk per section (in file order; a placed step is in
 * the section it shows in by default, engine/compile/compile-flow.ts). Node side: the flows Vite plugin uses it.
 * Until its words arrive a step has no title and its options no labels: nothing draws a step before contentReady says so.
 * @example const { logic, chunks } = splitFlowContent(flow); chunks['hair-scalp'].length
 */
export function splitFlowContent(flow: CompiledFlow): { logic: CompiledFlow; chunks: Record<string, ContentChunk> } {
  const logic = structuredClone(flow);
  const chunks: Record<string, ContentChunk> = {};
  for (const step of logic.steps) {
    (chunks[step.section] ??= {})[step.name] = takeWords(step as unknown as Holder, stepShape) ?? {};
  }
  return { logic, chunks };
}

interface ContentState {
  loaders: Record<string, () => Promise<ContentChunk>>;
  /** Which chunk holds each step. */
  chunkOf: Map<string, string>;
  loaded: Map<string, Promise<void>>;
  done: Set<string>;
  /** The steps whose words are there (a section's, or a landing page's: engine/compile/landing-texts.ts). */
  ready: Set<string>;
  /** Step lists holding copies of the flow's steps (a runtime's placed steps): words reach them too. */
  views: Set<CompiledStep[]>;
}

const states = new WeakMap<CompiledFlow, ContentState>();

/**
 * A flow whose content arrives later, chunk by chunk (the flows Vite plugin's `?split` modules): a step's words are in
 * the chunk of its section, the step's `section` in `logic` (as splitFlowContent grouped them).
 * @example export default withContent(logic, { 'hair-scalp': () => import('./haircare.yaml?content=hair-scalp') })
 */
export function withContent(logic: CompiledFlow, loaders: Record<string, () => Promise<{ default: ContentChunk } | ContentChunk>>): CompiledFlow {
  states.set(logic, {
    loaders: Object.fromEntries(
      Object.entries(loaders).map(([name, load]) => [
        name,
        () => load().then((m) => ('default' in m && typeof m.default === 'object' ? (m.default as ContentChunk) : (m as ContentChunk))),
      ]),
    ),
    chunkOf: new Map(logic.steps.map((step) => [step.name, step.section])),
    loaded: new Map(),
    done: new Set(),
    ready: new Set(),
    views: new Set(),
  });
  return logic;
}

function merge(flow: CompiledFlow, state: ContentState, chunk: ContentChunk): void {
  // Copies of steps (a runtime's placed steps) share their parts with the original; laying the words again is harmless.
  for (const steps of [flow.steps, ...state.views]) {
    for (const step of steps) {
      const content = chunk[step.name];
      if (content) putWords(step as unknown as Holder, content);
    }
  }
  for (const name of Object.keys(chunk)) state.ready.add(name);
}

/**
 * Lays texts that came apart from the sections onto a flow (the landing chunk the server preloads for the page first
 * opened: engine/compile/landing-texts.ts); the steps it holds are then ready. Nothing to do for a flow loaded whole.
 */
export function addContent(flow: CompiledFlow, chunk: ContentChunk): void {
  const state = states.get(flow);
  if (state) merge(flow, state, chunk);
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
  return !state.chunkOf.has(stepName) || state.ready.has(stepName);
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
  if (!state || chunk === undefined || state.ready.has(stepName)) return Promise.resolve();
  return loadChunk(flow, state, chunk);
}

/** Loads every part's words (in the background, once the shopper is answering; before an exit modal). */
export function loadAllContent(flow: CompiledFlow): Promise<void> {
  const state = states.get(flow);
  if (!state) return Promise.resolve();
  return Promise.all(Object.keys(state.loaders).map((chunk) => loadChunk(flow, state, chunk))).then(() => undefined);
}
