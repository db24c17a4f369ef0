import type { Rule, Scalar } from '../schema/predicate-schema.ts';
import type { Derived, FlowDefinition, Image, OptionValue, StepDefinition, Tip } from '../schema/flow-schema.ts';

/** An option after compilation: its offer rule normalised. */
export interface CompiledOption {
  value: OptionValue;
  label: string;
  description?: string;
  image?: Image;
  /** Absent means false (the browser payload leaves false flags out). */
  exclusive?: boolean;
  group?: string;
  aliases?: OptionValue[];
  retired?: boolean;
  when?: Rule;
  field?: string;
  selected?: Scalar;
  unselected?: Scalar;
  writes?: Record<string, Scalar>;
  /** The catalogue slug server rankings use, when it differs from `value`. */
  slug?: string;
  /** Scent intensity 0-100 (fragrances). */
  intensity?: number;
  /** Scent notes (fragrances). */
  notes?: string[];
}

export interface CompiledOptionCase {
  when: Rule;
  options: CompiledOption[];
  tip?: Tip;
}

export interface CompiledImage extends Image {
  cases?: { when: Rule; src: string }[];
}

/**
 * Whether a step's answer leaves the device: not at all, or as answers. What a save does beyond writing the answers
 * (the zip code's aggressors, say) is the flow kind's save adapter's business, decided from the step's kind.
 */
export type SaveMode = 'none' | 'answers';

/** The follow-up modal of a choice step. */
export interface CompiledFollowUp {
  on: OptionValue[];
  title: string;
  body: string;
  button: string;
  when?: Rule;
}

/** Texts used while a rule holds. */
export interface CompiledTextCase {
  when: Rule;
  title?: string;
  subtitle?: string;
  body?: string;
}

type Recompiled<S> = Omit<
  S,
  | 'route'
  | 'section'
  | 'when'
  | 'skipSave'
  | 'options'
  | 'optionCases'
  | 'initial'
  | 'image'
  | 'followUp'
  | 'textCases'
  | 'satisfactionOptions'
  | 'intensityOptions'
> & {
  textCases?: CompiledTextCase[];
  /** The absolute route, e.g. /consultation/haircare/my-hair/length. */
  route: string;
  /** The section it shows in; for a step a variant places, the one its default placement shows it in. */
  section: string;
  when?: Rule;
  saveMode: SaveMode;
  /** Every field the step may write (for checks and the server's validation). */
  answerFields: string[];
} & (S extends { options: unknown }
    ? { options: CompiledOption[]; optionCases?: CompiledOptionCase[]; initial?: { clearWhen: Rule }; followUp?: CompiledFollowUp }
    : unknown) &
  (S extends { image?: unknown } ? { image?: CompiledImage } : unknown) &
  // A fragrance rating's two scales, filled in with spec 002 §9.2 and §9.4's when the flow gives none.
  (S extends { satisfactionOptions?: unknown } ? { satisfactionOptions: CompiledOption[]; intensityOptions: CompiledOption[] } : unknown);

type EachStep<S> = S extends unknown ? Recompiled<S> : never;

/** A step ready to run: every reference resolved, every rule normalised. */
export type CompiledStep = EachStep<StepDefinition>;
export type CompiledStepOf<K extends StepDefinition['kind']> = Extract<CompiledStep, { kind: K }>;
/** Steps whose answer is a choice among options. */
export type ChoiceStep = CompiledStepOf<
  | 'single'
  | 'multi'
  | 'boolean'
  | 'goals'
  | 'fragrance'
  | 'routine-products'
  | 'matrix'
  | 'ranked-fragrance'
  | 'textures'
  | 'rating'
  | 'texture'
  | 'fragrance-choice'
>;
/** Steps whose answer is a list of option values. */
export type ListStep = CompiledStepOf<'multi' | 'goals' | 'routine-products'>;

export interface CompiledPlacement {
  variant: string;
  at: Record<string, { first?: true; before?: string; after?: string; beforeFirstPrivate?: true; section?: string }>;
}

export interface CompiledVariant {
  options: string[];
  default: string;
  flag?: string;
  choose?: { when: Rule; use: string }[];
  description?: string;
}

export interface CompiledExitModal {
  title: string;
  subtitle?: string;
  textCases?: CompiledTextCase[];
  emailLabel: string;
  button: string;
  dismiss: string;
}

export interface CompiledQuestionSet {
  description?: string;
  when?: Rule;
  steps: string[];
  results?: string;
  progress?: { tracker: boolean; counter: boolean };
  onComplete?: Record<string, Scalar>;
}

/** A checked flow, as shipped to the browser (JSON-serialisable; no YAML, no zod). */
export interface CompiledFlow {
  id: string;
  category: string;
  kind: FlowDefinition['kind'];
  title?: string;
  routes: { base: string; results: string; fallback?: string };
  query?: Record<string, string>;
  progress: { tracker: boolean; counter: boolean };
  sections: { id: string; label: string; shortLabel?: string }[];
  onComplete?: Record<string, Scalar>;
  variants: Record<string, CompiledVariant>;
  derived: Derived[];
  /** Context keys the flow declares for its rules, besides the built-in ones. */
  context: string[];
  /** The e-mail capture shown when an anonymous visitor leaves mid-way. */
  exitModal?: CompiledExitModal;
  /** Subsets of the steps chosen by ?questionSet=<name>. */
  questionSets?: Record<string, CompiledQuestionSet>;
  /** Steps in file order; `placement` moves some of them once variants are known. */
  steps: (CompiledStep & { placement?: CompiledPlacement })[];
}
