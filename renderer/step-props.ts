import type { Selection, StepKind, StepScreen } from '#engine';

/** What the signin step reports back from a sign-up attempt (spec 000 §4.6, §5.6). */
export type SignUpResult =
  | { kind: 'signed-up' }
  | { kind: 'magic-link-sent' }
  | { kind: 'field-errors'; fields: { first_name?: string; last_name?: string; email?: string } }
  | { kind: 'invalid-coupon' }
  | { kind: 'error' };

/** Side effects a step may need, supplied by the app (and by mocks in stories). */
export interface StepServices {
  signUp(form: { firstName: string; lastName: string; email: string }): Promise<SignUpResult>;
}

/** Props every step component receives. */
export interface StepProps<K extends StepKind = StepKind> {
  screen: StepScreen<K>;
  /** The shopper changed their answer (single-choice steps advance by themselves after 300 ms). */
  onChange(selection: Selection<K>): void;
  /** Save (where the step saves) and move on. */
  onNext(): void;
  /** Waiting to advance, or saving. */
  busy: boolean;
  /** An error to show inline (save failed, next step could not be worked out). */
  error?: string;
  services: StepServices;
  /** Facts the screen shows that come from outside the flow (the shopper's city on geo-aggressors). */
  facts: { city?: string; firstName?: string };
}
