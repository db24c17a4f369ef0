import type { Scalar } from '../schema/predicate-schema.ts';
import type { Image, OptionValue, StepKind, Tip } from '../schema/flow-schema.ts';
import type { CheckoutStepKind } from '../schema/steps/checkout.ts';
import type { CancelStepKind } from '../schema/steps/cancel.ts';
import type { CompiledOption, CompiledStepOf } from '../compile/compiled-flow.ts';

/** A stored answer: a scalar or, for multi-select fields, a list of option values. */
export type AnswerValue = Scalar | OptionValue[];
/** The profile's answers by field name (snake_case, as on the wire). */
export type Answers = Record<string, AnswerValue | undefined>;

/** The session as rules see it (`session` in a rule). */
export type SessionStatus = 'anonymous' | 'guest' | 'authenticated';

/** Everything outside the answers that rules may read. */
export interface FlowEnvironment {
  session: SessionStatus;
  /** The signed-in user's own facts (`user.hasNames`, ...). */
  user: Record<string, Scalar>;
  /** Feature flags (`flag.<name>`). */
  flags: Record<string, Scalar>;
  /** The entry URL's query parameters (`query.<name>`). */
  query: Record<string, string>;
  /** Order facts for feedback flows (`order.<name>`). */
  order: Record<string, AnswerValue>;
  /** Custom context declared by the flow. */
  context: Record<string, AnswerValue>;
}

/** What the shopper has picked on a step, in the renderer's terms. */
export type Selection<K extends StepKind = StepKind> = K extends
  'single' | 'fragrance' | 'ranked-fragrance' | 'textures' | 'rating' | 'texture' | 'fragrance-choice'
  ? OptionValue | undefined
  : K extends 'multi' | 'goals' | 'routine-products'
    ? OptionValue[]
    : K extends 'matrix'
      ? Record<string, OptionValue>
      : K extends 'boolean'
        ? boolean | undefined
        : K extends 'zipcode'
          ? { zipcode: string; country: string } | undefined
          : K extends CheckoutStepKind | CancelStepKind
            ? Record<string, Scalar | undefined> | undefined
            : K extends 'fragrance-rating'
              ? { satisfaction?: number; intensity?: string } | undefined
              : K extends 'public-review'
                ? { public?: string; internal?: string } | undefined
                : K extends 'text'
                  ? string | undefined
                  : K extends 'feedback-results'
                    ? { status: string }
                    : undefined;

/** One progress section as the tracker draws it. */
export interface ProgressSection {
  id: string;
  label: string;
  shortLabel?: string;
  state: 'done' | 'current' | 'todo';
}

/** Everything the renderer needs to draw one step: data only, already resolved against the answers. */
export interface StepScreen<K extends StepKind = StepKind> {
  step: CompiledStepOf<K>;
  /** The options offered now (option cases and option rules applied). */
  options: CompiledOption[];
  tip?: Tip;
  image?: Image;
  /** Title, subtitle and body with placeholders ({city}, {subject}) filled in. */
  text: { title?: string; subtitle?: string; body?: string };
  /** The current selection, pre-filled from stored answers. */
  selection: Selection<K>;
  progress: { tracker: boolean; counter: boolean; sections: ProgressSection[]; position: number; total: number };
}
