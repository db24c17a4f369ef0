import type { Question } from '#api';
import type { Formulation } from '../formulation/formulation';
import type { FeedbackFlows } from '../feedback/feedback-flows';

/** The outcome of checking PATCHed answers against the flows (engine `checkAnswers`). */
export type AnswerCheck = { ok: true; answers: Record<string, unknown>; categories: string[] } | { ok: false; fields: Record<string, string[]> };

/** A consultation page: a step (its one section) or the results (every section, for the answers summary). */
export interface ConsultationPage {
  sections: string[];
  results: boolean;
  /** A step's page: the first step with its route, which names the texts a first visit of that page needs (engine/compile/landing-texts.ts). */
  landing?: string;
}

/** What the profile routes need from the flows: answer validation and the §3.1 question sets. */
export interface ProfileFlows {
  checkAnswers(body: Record<string, unknown>): AnswerCheck;
  questionSets(category?: string): Record<string, Question[]>;
  /** What a consultation page path shows: the sections (as the flow file groups them) whose texts it loads first, and whether it is the results page. */
  consultationPage?(path: string): ConsultationPage | undefined;
  /**
   * The categories whose consultation these answers complete: every step a signed-in shopper is shown for them has
   * its answers (spec 000 §4.4: a finishing save completes such a consultation).
   */
  completedCategories(answers: Record<string, unknown>): string[];
  /** The consultations' variant flags and the options each may name (flows' `variants:` ... `flag:`), to check GET /flags' values at start. */
  variantFlags?: ReadonlyMap<string, readonly string[]>;
  /** The formulation built on these flows' fields (scoring, textures...); absent in tests with made-up flows. */
  formulation?: Formulation;
  /** The feedback flows' answer checks (flows/feedback/, spec 002); absent in tests with made-up flows. */
  feedback?: FeedbackFlows;
}
