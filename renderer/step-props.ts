import type { Selection, StepKind, StepScreen } from '#engine';

/** What the signin step reports back from a sign-up attempt (spec 000 §4.6, §5.6). */
export type SignUpResult =
  { kind: 'signed-up' } | { kind: 'magic-link-sent' } | { kind: 'field-errors'; fields: SignUpFieldErrors } | { kind: 'invalid-coupon' } | { kind: 'error' };

/** Server messages per sign-up form field, each already joined into one line (spec 000 §5.6). */
export type SignUpFieldErrors = { first_name?: string; last_name?: string; email?: string };

/** What the signin step reports back from saving the names of a shopper who is signed in without them. */
export type SaveNamesResult = { kind: 'saved' } | { kind: 'field-errors'; fields: SignUpFieldErrors } | { kind: 'error' };

/** Side effects a step may need, supplied by the app (and by mocks in stories). */
export interface StepServices {
  signUp(form: { firstName: string; lastName: string; email: string }): Promise<SignUpResult>;
  /** Gives the signed-in shopper's account its first and last name (PATCH /v1/account/). */
  saveNames(form: { firstName: string; lastName: string }): Promise<SaveNamesResult>;
}

/** One thing that affects the shopper's hair or skin where they live (GET /v1/account/hair_profile/aggressors). */
export interface GeoAggressor {
  slug: string;
  label: string;
  level: 'low' | 'moderate' | 'high';
  detail?: string;
}

/** One option as a server ranking lists it (rank 1 = best): a fragrance (§3.5) or a texture skeleton (§3.6, `skeleton_slug` as `slug`). */
export interface RankedItem {
  slug: string;
  rank: number;
  reason_why_slug?: string | null;
  name?: string;
}

/** The server ranking a ranked-fragrance or textures step shows (spec 000 §2.5, §3.5, §3.6): loading, failed, or the raw list. */
export type RankingFacts = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: RankedItem[] };

/**
 * Facts the question steps show that come from outside the flow. A flow kind's facts extend them with its own (the
 * checkout's cart): its step components read them typed, as `StepProps<K, Facts>`.
 */
export interface StepFacts {
  /** The shopper's city (geo-aggressors title is already resolved in screen.text; kept for other copy). */
  city?: string;
  firstName?: string;
  /**
   * The e-mail of a shopper who is signed in but signed up without names (an e-mail given on leaving, spec 000 §2.7,
   * §6): the sign-in step then asks only for the names and saves them to this account.
   */
  accountEmail?: string;
  /** What affects the shopper where they live, shown on the geo-aggressors step. */
  aggressors?: GeoAggressor[];
  /** The ranking of a ranked-fragrance or textures step; without it the options keep the flow's order. */
  ranking?: RankingFacts;
}

/** A screen of any one kind: `StepScreen<'single'>` and the others are each assignable to it (StepScreen<StepKind> is not distributive). */
export type AnyStepScreen = { [K in StepKind]: StepScreen<K> }[StepKind];

/** Props every step component receives; `F` is its flow kind's facts. */
export interface StepProps<K extends StepKind = StepKind, F extends StepFacts = StepFacts> {
  screen: StepScreen<K>;
  /** The shopper changed their answer (single-choice steps advance by themselves after 300 ms). */
  onChange(selection: Selection<K>): void;
  /** Save (where the step saves) and move on. */
  onNext(): void;
  /** Waiting to advance, or saving. */
  busy: boolean;
  /** An error to show inline (save failed, next step could not be worked out). */
  error?: string;
  /** What the last save of this step failed with, as the flow kind's save threw it (a form shows its field errors). */
  saveError?: unknown;
  services: StepServices;
  /** Facts the screen shows that come from outside the flow (the shopper's city; a checkout's cart). */
  facts: F;
}
