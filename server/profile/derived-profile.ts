import { ApiError } from '../http/api-error';
import type { Services } from '../services';
import type { DerivedProfile, Formulation } from '../formulation/formulation';
import type { FormulaSet } from '../formulation/formulas/formula-views';
import { placeAggressors } from './place-aggressors';
import type { AggressorLevel } from '../formulation/scoring/compute-scores';
import { loadAnswers } from './load-answers';

/** The formulation, or a 503 when the server runs without one (only tests with made-up flows do). */
export function formulationOf(services: Services): Formulation {
  const formulation = services.flows.formulation;
  if (!formulation) throw new ApiError(503, 'formulation_unavailable', 'Recommendations are not available right now. Please try again later.');
  return formulation;
}

/**
 * Everything derived from a shopper's stored answers and the aggressors of their place today (spec 000
 * §3.7), computed on each request: derived data is never stale (§4.3).
 */
export async function loadDerivedProfile(
  services: Services,
  userId: number,
  aggressors: (answers: Record<string, unknown>) => Promise<AggressorLevel[]>,
): Promise<{ answers: Record<string, unknown>; derived: DerivedProfile }> {
  const formulation = formulationOf(services);
  const answers = await loadAnswers(services.db, userId);
  return { answers, derived: formulation.derive(answers, await aggressors(answers)) };
}

/**
 * Every formula that would be made for the shopper today (their place's aggressors on the server's date), with
 * what they were derived from: computed on each request, like the rest of the derived data.
 */
export async function loadFormulaSet(
  services: Services,
  userId: number,
): Promise<{ answers: Record<string, unknown>; derived: DerivedProfile; set: FormulaSet; formulation: Formulation }> {
  let aggressors: AggressorLevel[] = [];
  const { answers, derived } = await loadDerivedProfile(services, userId, async (answers) => (aggressors = await placeAggressors(services, answers)));
  const formulation = formulationOf(services);
  return { answers, derived, formulation, set: formulation.formulate(answers, aggressors, services.clock.now(), derived) };
}
