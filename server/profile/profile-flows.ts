import type { Question } from '#api';
import type { Formulation } from '../formulation/formulation';

/** The outcome of checking PATCHed answers against the flows (engine `checkAnswers`). */
export type AnswerCheck =
  | { ok: true; answers: Record<string, unknown>; categories: string[] }
  | { ok: false; fields: Record<string, string[]> };

/** What the profile routes need from the flows: answer validation and the §3.1 question sets. */
export interface ProfileFlows {
  checkAnswers(body: Record<string, unknown>): AnswerCheck;
  questionSets(category?: string): Record<string, Question[]>;
  /** The section (as the flow file groups it) of the step at a page path, whose texts the page loads first. */
  contentSection?(path: string): string | undefined;
  /** The formulation built on these flows' fields (scoring, textures...); absent in tests with made-up flows. */
  formulation?: Formulation;
}
